import { FORMAT_VERSION, MANIFEST_PATH } from "./archive-format";

/** The note at the top of every archive, for whoever opens it without the software. */
export const ARCHIVE_README = `# A whole site, archived

Everything the site holds, readable with any text editor (layout version ${String(FORMAT_VERSION)}).

- posts/<slug>.md: each post, draft or scheduled or published. The front matter between
  the two --- lines has every field under its name in the database (status, dates,
  rating, the analysis fields, the cover and its alt text, format: plain or markdown)
  and the gallery, in order, each image with its alt text (description) and caption.
  The body follows, exactly as written.
- videos/<slug>.md: each video the same way; its description is the body. video_url,
  thumbnail_url and captions_url name its files.
- uploads/: every file a post, video, gallery, theme, layout or revision uses. A path the
  site wrote as /uploads/<name> is the file uploads/<name> here.
- themes/<id>-<name>.json: every revision of the site's stylesheet; is_active marks the
  one in force.
- layouts/<id>-<page>.json: each page's design, with every saved version under "versions".
- revisions.jsonl: every saved version of every post and video (one JSON object a line).
- newsletter/issues.jsonl, analytics/pages.jsonl, analytics/sources.jsonl: newsletter
  issues, and the daily visit totals per page and per referrer.
- site/state.jsonl: the site's own settings (the digest's day, when it was set up).
- site/redirects.jsonl: old addresses of imported posts, each answered with its new page;
  imports/: each import of another blog's export, what it made and the images it copied.
- personal/: accounts (with password hashes), newsletter readers with their consent
  times, and the delivery ledger, only if they were asked for.

Times are UTC. ${MANIFEST_PATH} lists every file with its size and SHA-256
(sha256sum checks one), counts each table's rows, and says what was left out and why.
`;
