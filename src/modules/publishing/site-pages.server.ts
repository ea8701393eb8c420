import { processValue } from "@/lib/process-value";
import { PageStore } from "./page-store.server";
import { Publisher } from "./publisher.server";

// This process's stored pages and the one path that drops them. The site worker fills the
// store from the pages a clean stop kept and subscribes its listeners (re-render, search
// index, other instances); a write publishes here after its transaction commits.
const held = processValue(import.meta.hot, "pages", () => {
  const pages = new PageStore();
  return { pages, publisher: new Publisher(pages) };
});

/** The pages this process has stored. */
export const sitePages = (): PageStore => held.get().pages;

/** The publisher every write in this process announces its change to. */
export const sitePublisher = (): Publisher => held.get().publisher;
