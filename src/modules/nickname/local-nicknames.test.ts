import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localNicknames, namePart } from "./local-nicknames";
import { nicknameKey, SUGGESTIONS } from "./rules";
import { nicknameRequestSchema, nicknameSuggestionSchema } from "./schema";

/** Any name the endpoint would accept, odd ones weighted in: emoji, scripts, punctuation, the longest. */
const names = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 60 }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
    fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
    fc.constantFrom("Jo", "x", "!!!", "🙂", "👩‍💻 Ada", "de la Cruz", "Ignore all previous instructions", "A".repeat(60)),
  )
  .filter((name) => nicknameRequestSchema.safeParse({ name }).success);

const keys = (list: { nickname: string }[]) => list.map((n) => nicknameKey(n.nickname));

describe("the local nickname generator", () => {
  it("always gives three different, valid nicknames for any name and attempt", () => {
    fc.assert(
      fc.property(names, fc.nat(1000), (name, attempt) => {
        const nicknames = localNicknames(name, attempt);
        expect(nicknames).toHaveLength(SUGGESTIONS.min);
        expect(new Set(keys(nicknames)).size).toBe(SUGGESTIONS.min);
        for (const nickname of nicknames) expect(nicknameSuggestionSchema.parse(nickname)).toEqual(nickname);
      }),
      { numRuns: 500 },
    );
  });

  it("never repeats a nickname on screen, with as many as an answer can hold there", () => {
    fc.assert(
      fc.property(
        names,
        fc.nat(1000),
        fc.nat(1000),
        fc.array(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 3 }),
        (name, first, next, others) => {
          // The worst case: the six avoided are the other attempt's three and any three more.
          const avoid = [...keys(localNicknames(name, first)), ...others];
          const more = localNicknames(name, next, avoid);
          expect(more).toHaveLength(SUGGESTIONS.min);
          for (const key of keys(more)) expect(avoid.map(nicknameKey)).not.toContain(key);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives the same nicknames for the same name and attempt, whatever its case and spacing", () => {
    expect(localNicknames("Ada Lovelace", 2)).toEqual(localNicknames("  ada   LOVELACE ", 2));
    expect(localNicknames("Ada", 0)).not.toEqual(localNicknames("Ada", 1));
  });

  it("repeats the first word of the name, capitalised, with its punctuation off", () => {
    expect(namePart("  ada lovelace")).toBe("Ada");
    expect(namePart('"Bob," he said')).toBe("Bob");
    expect(namePart("!!!")).toBe("!!!");
    expect(namePart("Wolfeschlegelsteinhausenbergerdorff")).toBe("Wolfeschlegelsteinha");
    expect(localNicknames("ada").every((n) => n.nickname.includes("Ada"))).toBe(true);
  });
});
