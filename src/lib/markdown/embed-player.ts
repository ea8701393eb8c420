// In the browser, on a page whose body has embeds (`embed-facade.ts`): a click on a facade's
// link puts the player kept in its template in the link's place, so the video starts there,
// and nothing of it (a video file, another site's player) is asked for before. A click that
// asks for a new tab or window goes to the link as usual.
document.addEventListener("click", (event) => {
  const start = event.target instanceof Element ? event.target.closest("[data-embed] > a") : null;
  const frame = start?.parentElement;
  const kept = frame?.querySelector("template");
  if (!frame || !kept || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  frame.replaceChildren(kept.content.cloneNode(true));
  frame.querySelector<HTMLElement>("video, iframe")?.focus();
});
