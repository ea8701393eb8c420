export type { Db } from "../../db/client.ts";
export * as tables from "../../db/schema/index.ts";
