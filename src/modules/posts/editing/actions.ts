import { insertFootnote } from "./footnote";
import { BOLD, insertLink, ITALIC, toggleMark } from "./inline-marks";
import { cycleHeading, toggleList, toggleQuote } from "./line-marks";
import type { EditCommand } from "./text-edit";

/** One of the post editor's toolbar buttons, and the shortcut that does the same. */
export interface EditorAction {
  /** Its name, as the button's accessible name. */
  label: string;
  /** What the button shows. */
  text: string;
  /** Its shortcut, as CodeMirror names keys. */
  key?: string;
  /** The edit it makes at once; an image or a video is asked for first. */
  run: EditCommand | "image" | "video";
}

/**
 * The toolbar, in order. The shortcuts are the usual ones where there is a usual one
 * (bold, italic, link; GitHub's for quote and list); none uses Alt, which types characters
 * on many keyboards (AltGr).
 */
export const EDITOR_ACTIONS: readonly EditorAction[] = [
  { label: "Bold", text: "B", key: "Mod-b", run: toggleMark(BOLD) },
  { label: "Italic", text: "I", key: "Mod-i", run: toggleMark(ITALIC) },
  { label: "Link", text: "Link", key: "Mod-k", run: insertLink },
  { label: "Heading", text: "Heading", key: "Mod-Shift-h", run: cycleHeading },
  { label: "Quote", text: "Quote", key: "Mod-Shift-.", run: toggleQuote },
  { label: "List", text: "List", key: "Mod-Shift-8", run: toggleList },
  { label: "Footnote", text: "Footnote", key: "Mod-Shift-f", run: insertFootnote },
  { label: "Image", text: "Image", run: "image" },
  { label: "Video", text: "Video", run: "video" },
];
