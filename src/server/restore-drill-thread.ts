import { parentPort, workerData } from "node:worker_threads";
import { restoreDrill } from "../modules/archive/restore-drill.server.ts";
import type { DrillRequest } from "./restore-drill-threads.ts";

// A thread that drills one backup (src/server/restore-drill-threads.ts starts it), answers
// with what it found, and is ended.

if (!parentPort) throw new Error("The restore drill runs in a worker thread.");
const port = parentPort;
const { file } = workerData as DrillRequest;
port.postMessage(await restoreDrill(file));
