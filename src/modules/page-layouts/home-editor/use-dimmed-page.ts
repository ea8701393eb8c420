import { useEffect } from "react";

/** Marks the rest of the page dimmed and unclickable while editing; gives it back after. */
export function useDimmedPage(host: HTMLElement, dimmed: boolean): void {
  useEffect(() => {
    if (!dimmed) return;
    const main = host.closest("main");
    const others = main ? [...main.children].filter((child) => !child.contains(host)) : [];
    for (const other of others) other.setAttribute("inert", "");
    document.body.classList.add("is-editing-layout");
    return () => {
      for (const other of others) other.removeAttribute("inert");
      document.body.classList.remove("is-editing-layout");
    };
  }, [host, dimmed]);
}
