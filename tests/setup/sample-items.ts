import { postInputSchema, type PostInput } from "@/modules/posts/schema";
import { videoInputSchema, type VideoInput } from "@/modules/videos/schema";

/** A post as the form would send it, valid unless an override makes it not. */
export const samplePost = (overrides: Partial<PostInput> = {}) =>
  postInputSchema.parse({
    title: "The Stapler Nobody Refills",
    excerpt: "It is nearly empty. It has been nearly empty for years.",
    content: "word ".repeat(450),
    category: "Things That Barely Tried",
    mehRating: "4",
    ...overrides,
  });

/** A video as the manager would send it, valid unless an override makes it not. */
export const sampleVideo = (overrides: Partial<VideoInput> = {}) =>
  videoInputSchema.parse({
    title: "A Fan, Rotating",
    description: "It turns. It turns back.",
    videoUrl: "/uploads/fan.mp4",
    thumbnailUrl: "/uploads/fan.jpg",
    duration: "7",
    category: "Meh Moments",
    ...overrides,
  });
