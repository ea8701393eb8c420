import { expect, it } from "vitest";
import { ApiError } from "@/lib/api-request";
import { OVER_LIMIT } from "../monthly-promise.server";
import { overLimitReason } from "./over-limit";

it("tells the owner the server's reason for asking once, without the API's hint", () => {
  const refusal = new ApiError(409, JSON.stringify({ error: OVER_LIMIT, code: "conflict" }));
  const reason = overLimitReason(refusal);
  expect(reason).toBe(
    "2 issues have gone out in the last 30 days, which is what the signup form promises (one or two emails a month).",
  );
  // What the form promises is said once, not again after it.
  expect(reason?.match(/promises/g)).toHaveLength(1);
  expect(overLimitReason(new ApiError(409, JSON.stringify({ error: "Someone else saved first" })))).toBeNull();
});
