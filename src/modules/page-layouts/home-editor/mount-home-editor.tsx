import { createRoot } from "react-dom/client";
import HomeLayoutEditor from "./HomeLayoutEditor";
// By URL: the build links a stylesheet only to pages that import it up front, and no page
// does; visitors must not load it.
import uppyCoreStylesheet from "@uppy/core/css/style.min.css?url";
import uppyDashboardStylesheet from "@uppy/dashboard/css/style.min.css?url";
import imageFieldsStylesheet from "../full-designer/image-fields.css?url";
import versionsStylesheet from "../full-designer/versions-panel.css?url";
import stylesheet from "./home-editor.css?url";

function loadStylesheet(href: string): Promise<void> {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
  // Unstyled is still usable, so a failed load does not keep the editor away.
  const loaded = new Promise<void>((resolve) => {
    const settle = (): void => {
      resolve();
    };
    link.addEventListener("load", settle, { once: true });
    link.addEventListener("error", settle, { once: true });
  });
  document.head.append(link);
  return loaded;
}

/** Start the home layout editor in its place on the page, once its styles are in; only ever loaded for an admin. */
export async function mountHomeEditor(host: HTMLElement): Promise<void> {
  const sheets = [stylesheet, versionsStylesheet, imageFieldsStylesheet, uppyCoreStylesheet, uppyDashboardStylesheet];
  await Promise.all(sheets.map(loadStylesheet));
  createRoot(host).render(<HomeLayoutEditor host={host} />);
}
