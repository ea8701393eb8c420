import { createRoot } from "react-dom/client";
import HomeLayoutEditor from "./HomeLayoutEditor";

/** Start the home layout editor in its place on the page; only ever loaded for an admin. */
export function mountHomeEditor(host: HTMLElement): void {
  createRoot(host).render(<HomeLayoutEditor host={host} />);
}
