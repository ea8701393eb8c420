import type { Db } from "@/lib/db.server";
import { invalid } from "@/lib/errors";
import { bodyReferences, undescribedImages } from "@/lib/markdown/body-references";
import type { BodyMedia, PostBody } from "@/lib/markdown/render-body";
import { tag, type ContentTag } from "@/modules/publishing/content-tags";
import { uploadedImageSizes } from "@/modules/uploads/image-sizes.server";
import { siteObjects } from "@/modules/uploads/site-objects.server";
import { embeddedVideos, namedVideos } from "./named-videos.server";

/** What a body shows from outside it, ready for `renderBody`, and the tags of what it shows. */
export interface LoadedBodyMedia {
  media: BodyMedia;
  /**
   * What a page showing the body must also follow: each video it names, public or not (an
   * edit, an unpublish or a publish changes the embed), and every listing of videos when a
   * slug names none yet (a video made later may take it).
   */
  tags: ContentTag[];
}

const NONE: LoadedBodyMedia = { media: {}, tags: [] };

/** Read what a body embeds and the sizes of the uploads it shows, for its page, feed item or letter. */
export async function bodyMedia(db: Db, body: PostBody): Promise<LoadedBodyMedia> {
  if (body.format !== "markdown") return NONE;
  const references = bodyReferences(body.content);
  if (references.images.length === 0 && references.videos.length === 0) return NONE;
  const [named, images] = await Promise.all([
    namedVideos(db, references.videos),
    siteObjects().then((store) =>
      uploadedImageSizes(
        store,
        references.images.map((image) => image.src),
      ),
    ),
  ]);
  return {
    media: { videos: await embeddedVideos(named.visible), images },
    tags: [...named.ids.map((id) => tag.video(id)), ...(named.unknown.length > 0 ? [tag.videos] : [])],
  };
}

/**
 * Refuse to publish (or schedule) a body a reader would find broken: an image with no alt
 * text and no decorative mark, or a video embed naming no published video. A draft may
 * hold either while it is written.
 */
export async function checkPublishableBody(db: Db, body: PostBody): Promise<void> {
  if (body.format !== "markdown") return;
  const references = bodyReferences(body.content);
  const [image] = undescribedImages(references);
  if (image)
    throw invalid(
      `The image ${image.src || "with no address"} has no alt text: say what it shows (![what it shows](…)), or mark it decorative (![""](…))`,
      "content",
    );
  const named = await namedVideos(db, references.videos);
  const [unknown] = named.unknown;
  if (unknown !== undefined) throw invalid(`No video has the slug "${unknown}" (::video[${unknown}])`, "content");
  const visible = new Set(named.visible.map((video) => video.slug));
  const hidden = references.videos.find((slug) => !visible.has(slug));
  if (hidden !== undefined)
    throw invalid(`The video "${hidden}" is not published yet: publish it first, then this post`, "content");
}
