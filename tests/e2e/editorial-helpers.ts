import { expect, type APIRequestContext } from "@playwright/test";

/** A word no other test writes, so where it shows up is this test's doing. */
export const marker = () => `zqx${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
export const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A post body that carries `word` in its title, excerpt and content. */
export const postBody = (word: string, extra: object = {}) => ({
  title: `Unseen ${word}`,
  excerpt: `Nothing to see: ${word}.`,
  content: `A paragraph holding ${word}, for nobody yet.`,
  category: "Meh Moments",
  ...extra,
});

/** A video body that carries `word` in its title and description, on a sample video. */
export const videoBody = (word: string, extra: object = {}) => ({
  title: `Unwatched ${word}`,
  description: `A video holding ${word}.`,
  videoUrl: "/uploads/seed/one-cloud-unremarkable.mp4",
  thumbnailUrl: "/uploads/seed/one-cloud-unremarkable-poster.jpg",
  duration: 60,
  category: "Meh Moments",
  ...extra,
});

/** Create an item through the API; its id and slug. */
export async function made(
  admin: APIRequestContext,
  path: string,
  data: object,
): Promise<{ id: number; slug: string }> {
  const response = await admin.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; slug: string };
}

/** The widths the owner's journeys are walked at: a desktop and a phone. */
export const JOURNEY_VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;
