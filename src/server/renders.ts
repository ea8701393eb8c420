import { InFlight } from "../lib/in-flight.ts";
import { processValue } from "../lib/process-value.ts";

const held = processValue(import.meta.hot, "renders", () => new InFlight());

/** Renders under way in this process, which a stop lets end before the database closes (src/middleware.ts counts them). */
export const renders = (): InFlight => held.get();
