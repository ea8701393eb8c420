import type { Element, ElementContent, Root } from "hast";
import { formatDuration } from "@/lib/format";
import { responsiveImage } from "@/lib/image-url";
import { videoPath } from "@/lib/paths";
import { VIDEO_SLUG_PROPERTY } from "./directive-elements";
import { embedFacade } from "./embed-facade";
import { eachElement, h, text } from "./hast";

/** What a body needs of one of the site's public videos to embed it. */
export interface EmbeddedVideo {
  slug: string;
  title: string;
  /** Whole seconds. */
  duration: number;
  posterUrl: string;
  videoUrl: string;
  /** Its WebVTT captions, if it has any. */
  captionsUrl: string | null;
}

// Posters are drawn 16:9, as on the video's own page, as wide as the text column.
const POSTER_BOX = { width: 1280, height: 720 };
const POSTER_WIDTHS = [480, 800, 1280];
const POSTER_SIZES = "(min-width: 720px) 640px, 92vw";
/** A letter's column (the newsletter's), and the poster's height at that width. */
const MAIL_POSTER = { width: 496, height: 279 };

function durationOf(video: EmbeddedVideo): ElementContent {
  return h("span", { className: ["embed__meta"] }, [
    h("span", { className: ["visually-hidden"] }, [text("Duration ")]),
    text(formatDuration(video.duration)),
  ]);
}

/** On a page: the poster, linking to the video's page, and its player in place once clicked. */
function pageEmbed(video: EmbeddedVideo): Element {
  const href = videoPath(video.slug);
  const poster = responsiveImage(video.posterUrl, POSTER_BOX, POSTER_WIDTHS, POSTER_SIZES);
  const start = h("a", { className: ["embed__start"], href }, [
    h("img", { ...poster, alt: "", className: ["embed__poster"], loading: "lazy", decoding: "async" }),
    h("span", { className: ["embed__button"], ariaHidden: "true" }),
    h("span", { className: ["visually-hidden"] }, [text(`Play the video “${video.title}”`)]),
  ]);
  const captions = video.captionsUrl
    ? [h("track", { kind: "captions", src: video.captionsUrl, srcLang: "en", label: "English", default: true })]
    : [];
  const player = h(
    "video",
    { controls: true, autoPlay: true, playsInline: true, preload: "metadata", poster: poster.src, ...POSTER_BOX },
    [
      h("source", { src: video.videoUrl, type: "video/mp4" }),
      ...captions,
      h("p", {}, [
        text("Your browser cannot play this video. "),
        h("a", { href: video.videoUrl }, [text("Download it")]),
        text(" instead."),
      ]),
    ],
  );
  return embedFacade(start, player, [h("a", { href }, [text(video.title)]), text(" "), durationOf(video)]);
}

/** In mail and feeds, which run no script: the poster and the title, each a link to the video's page. */
function mailEmbed(video: EmbeddedVideo): Element {
  const href = videoPath(video.slug);
  return h("p", {}, [
    h("a", { href }, [h("img", { src: video.posterUrl, alt: `Play “${video.title}”`, ...MAIL_POSTER })]),
    h("br", {}),
    h("a", { href }, [text(video.title)]),
    text(` (${formatDuration(video.duration)})`),
  ]);
}

/**
 * Each `::video[slug]` as the video it names, from `videos` (the site's public videos the
 * body embeds, which its caller read): a facade on a page, a linked poster and title in
 * mail. A slug not there (unknown, or not public) is drawn as nothing.
 */
export function rehypeVideoEmbeds(medium: "page" | "mail", videos?: ReadonlyMap<string, EmbeddedVideo>) {
  return (tree: Root) => {
    eachElement(tree, (node, parent, index) => {
      const slug = node.properties[VIDEO_SLUG_PROPERTY];
      if (node.tagName !== "div" || typeof slug !== "string") return;
      const video = videos?.get(slug);
      const drawn = video ? [medium === "page" ? pageEmbed(video) : mailEmbed(video)] : [];
      parent.children.splice(index, 1, ...drawn);
      return index + drawn.length;
    });
  };
}
