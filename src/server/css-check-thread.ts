import { parentPort } from "node:worker_threads";
import { findCssProblems } from "../modules/themes/validate-css.server.ts";
import type { CssCheckAnswer, CssCheckRequest } from "./css-check-threads.ts";

// A thread that checks themes' CSS (src/server/css-check-threads.ts starts it): one theme at
// a time, as long as it is asked.

if (!parentPort) throw new Error("The CSS check runs in a worker thread.");
const port = parentPort;
port.on("message", ({ id, css }: CssCheckRequest) => {
  const answer: CssCheckAnswer = { id, problems: findCssProblems(css) };
  port.postMessage(answer);
});
