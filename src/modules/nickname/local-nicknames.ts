import { nicknameKey, SUGGESTIONS, type NicknameCategory } from "./rules";
import type { NicknameSuggestion } from "./schema";

/** How many candidates the fallback may try for its results (SPEC §9). */
export const LOCAL_ATTEMPTS = 9;
/** The longest stretch of a name a nickname repeats, so every nickname fits its card. */
const NAME_PART_MAX = 20;

interface Word {
  word: string;
  /** Why the nickname fits; `{name}` stands for the name part. */
  why: string;
}

/**
 * One way of making a nickname. Every family has its own fixed words around the name, and
 * the name part has no spaces, so no two families can spell the same nickname.
 */
interface Family {
  category: NicknameCategory;
  make: (name: string, word: string) => string;
  words: readonly Word[];
}

const FAMILIES: readonly Family[] = [
  {
    category: "Lukewarm",
    make: (name, word) => `${word} ${name}`,
    words: [
      { word: "Lukewarm", why: "Never too hot, never too cold: {name} is served at exactly room temperature." },
      { word: "Tepid", why: "Enthusiasm carefully measured, then halved. {name} likes it that way." },
      { word: "Reheated", why: "Better the second time around, or at least no worse." },
      { word: "Decaf", why: "All of the ritual, none of the jitters." },
      { word: "Mild", why: "The salsa nobody is afraid of, and everybody quietly finishes." },
    ],
  },
  {
    category: "Beige",
    make: (name, word) => `${name} the ${word}`,
    words: [
      { word: "Beige", why: "Goes with everything and stands out against nothing." },
      { word: "Oatmeal", why: "Filling, reliable, and nobody's favourite. {name} is at peace with this." },
      { word: "Eggshell", why: "The paint colour of a calm, sensible decision." },
      { word: "Greige", why: "Not quite grey, not quite beige, entirely content." },
      { word: "Khaki", why: "Dressed for an occasion that never quite arrives." },
    ],
  },
  {
    category: "Understated",
    make: (name, word) => `${name}, ${word}`,
    words: [
      { word: "Mostly", why: "Mostly there, mostly fine, mostly on time." },
      { word: "More or Less", why: "Precise to within a comfortable margin." },
      { word: "Give or Take", why: "Approximately exactly who you would expect {name} to be." },
      { word: "Broadly Speaking", why: "Best appreciated from a moderate distance." },
      { word: "On Balance", why: "The pros and cons came out roughly even, and {name} made peace with it." },
    ],
  },
  {
    category: "Perfectly Adequate",
    make: (name, word) => `${name} (${word})`,
    words: [
      { word: "Probably Fine", why: "The answer to most questions, and to {name}." },
      { word: "No Complaints", why: "Nobody has ever filed one. Nobody has ever filed a compliment either." },
      { word: "Could Be Worse", why: "A glowing review, by this site's standards." },
      { word: "Seven Out of Ten", why: "Would meet again. Would not queue for it." },
      { word: "Fine, Actually", why: "Said with mild surprise by everyone who meets {name}." },
    ],
  },
  {
    category: "Overlooked",
    make: (name, word) => `${name} of the ${word}`,
    words: [
      { word: "Waiting Room", why: "Knows every magazine from 2009 by heart." },
      { word: "Hold Music", why: "Your call is important, and so is {name}." },
      { word: "Spare Drawer", why: "Keeper of batteries that might still work." },
      { word: "Hotel Lobby", why: "Pleasant, carpeted and instantly forgettable, in the best way." },
      { word: "Side Salad", why: "Ordered by nobody, eaten by everybody." },
    ],
  },
  {
    category: "Mildly Heroic",
    make: (name, word) => `${name}, Captain of ${word}`,
    words: [
      { word: "Small Talk", why: "Steers every conversation safely back to the weather." },
      { word: "the Queue", why: "Holds the line. Literally." },
      { word: "Minor Inconveniences", why: "Faces the jammed stapler so that others do not have to." },
      { word: "the Spare Key", why: "Always there, rarely needed, quietly appreciated." },
      { word: "Adequate Snacks", why: "Brings crisps. Not the good ones, but crisps." },
    ],
  },
  {
    category: "Understated",
    make: (name, word) => `The ${word} ${name}`,
    words: [
      { word: "Unremarkable", why: "A compliment here. {name} has been noticed for not being noticed." },
      { word: "Unbothered", why: "The kettle boils when it boils." },
      { word: "Undramatic", why: "Plot twists are for other people." },
      { word: "Unhurried", why: "Arrives exactly when {name} arrives, and not a moment before." },
      { word: "Understated", why: "Says less, means about the same." },
    ],
  },
  {
    category: "Mildly Heroic",
    make: (name, word) => `${name} Who ${word}`,
    words: [
      { word: "Returned the Trolley", why: "Small deeds, done without applause." },
      { word: "Read the Terms", why: "All of them. Nothing surprising was found." },
      { word: "Stayed for the Credits", why: "There was no extra scene. {name} stayed anyway." },
      { word: "Remembered the Umbrella", why: "It did not rain. It rarely does when {name} is ready." },
      { word: "Liked the Middle Seat", why: "Two armrests, no complaints." },
    ],
  },
  {
    category: "Beige",
    make: (name, word) => `Agent ${name} ${word}`,
    words: [
      { word: "Neutral", why: "Blends into any room, and most photographs." },
      { word: "Standard Issue", why: "Comes as described. No assembly required." },
      { word: "Off-White", why: "Undercover since birth. Nobody suspects a thing." },
      { word: "Regular Fit", why: "Neither slim nor relaxed: exactly regular." },
      { word: "Plain Wrapper", why: "What is inside is also fine." },
    ],
  },
];

/** A 32-bit FNV-1a hash: the same name and attempt always give the same seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The part of a name a nickname repeats: its first word, without the punctuation around
 * it, capitalised; the whole name when its first word is all punctuation.
 */
export function namePart(name: string): string {
  const trimmed = name.trim();
  const first = trimmed.split(/\s+/)[0] ?? "";
  const word = first.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "") || trimmed.replace(/\s+/g, "");
  const part = Array.from(word).slice(0, NAME_PART_MAX).join("");
  return part.charAt(0).toLocaleUpperCase() + part.slice(1);
}

/**
 * Three nicknames in the site's voice, made on the spot (SPEC §4, §9): the fallback when
 * the AI cannot answer, shared by the server and the browser. The same name and attempt
 * give the same three; another attempt gives others, and none of `avoid` comes back.
 * Each of the (up to nine) candidates comes from another family, so they all differ and
 * three remain however many of the six on screen are to be avoided.
 */
export function localNicknames(name: string, attempt = 0, avoid: readonly string[] = []): NicknameSuggestion[] {
  const part = namePart(name);
  const random = seeded(hash(`${nicknameKey(name)}\u0000${String(attempt)}`));
  const taken = new Set(avoid.map(nicknameKey));
  const firstFamily = Math.floor(random() * FAMILIES.length);
  const results: NicknameSuggestion[] = [];
  for (let i = 0; i < LOCAL_ATTEMPTS && results.length < SUGGESTIONS.min; i++) {
    const family = FAMILIES[(firstFamily + i) % FAMILIES.length];
    const choice = family?.words[Math.floor(random() * family.words.length)];
    if (!family || !choice) continue;
    const nickname = family.make(part, choice.word);
    if (taken.has(nicknameKey(nickname))) continue;
    taken.add(nicknameKey(nickname));
    results.push({ nickname, explanation: choice.why.replaceAll("{name}", part), category: family.category });
  }
  return results;
}
