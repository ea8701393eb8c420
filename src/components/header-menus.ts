// Disclosure menus are <details>, so they work without JavaScript. This adds what
// people expect of a menu: Escape closes it (focus back on its button), a click
// elsewhere closes it, and opening one closes the others.
const menus = () => [...document.querySelectorAll<HTMLDetailsElement>("details[data-menu]")];

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const menu of menus()) {
    if (!menu.open) continue;
    menu.open = false;
    menu.querySelector("summary")?.focus();
  }
});

document.addEventListener("click", (event) => {
  const target = event.target as Node;
  for (const menu of menus()) {
    if (menu.open && !menu.contains(target)) menu.open = false;
  }
});

for (const menu of menus()) {
  menu.addEventListener("toggle", () => {
    if (!menu.open) return;
    for (const other of menus()) if (other !== menu) other.open = false;
  });
}
