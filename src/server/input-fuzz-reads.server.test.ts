import { fuzzRoutes } from "../../tests/input-fuzz.ts";

fuzzRoutes("reads", (endpoint) => endpoint.method === "GET");
