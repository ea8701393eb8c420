import { readableError } from "@/lib/api-request";
import { toast } from "@/lib/toast";

// Links and forms marked `data-fresh-proof` download what the server gives only to a proof
// of the owner from the last ten minutes (everything, a backup, the readers' addresses). A
// download the server refused cannot be retried by the page, so the proof is asked for
// first; the dialog's code loads only then.

/** Elements whose proof was just taken: their next click or submit goes through. */
const proven = new WeakSet<Element>();

async function proveThen(element: Element, go: () => void): Promise<void> {
  try {
    const { ensureFreshProof } = await import("./step-up");
    if (!(await ensureFreshProof())) return;
    proven.add(element);
    go();
  } catch (error) {
    toast({
      title: "Error",
      description: readableError(error, "The download could not start. Reload the page and try again."),
      variant: "destructive",
    });
  }
}

document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[data-fresh-proof]") : null;
  if (!(link instanceof HTMLAnchorElement) || proven.delete(link)) return;
  event.preventDefault();
  void proveThen(link, () => {
    link.click();
  });
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches("[data-fresh-proof]") || proven.delete(form)) return;
  event.preventDefault();
  void proveThen(form, () => {
    form.requestSubmit(event.submitter);
  });
});
