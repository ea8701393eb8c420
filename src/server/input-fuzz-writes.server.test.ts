import { fuzzRoutes } from "../../tests/input-fuzz.ts";

fuzzRoutes("writes", (endpoint) => endpoint.method !== "GET");
