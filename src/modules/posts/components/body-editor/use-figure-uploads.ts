import type { EditorView } from "@codemirror/view";
import { useCallback, useRef, useState } from "react";
import { uploadFile } from "@/modules/uploads/components/direct-upload";
import { figureMarkdown, insertBlock, type Figure } from "../../editing/blocks";
import { runEdit } from "./run-edit";
import { dropUpload, showUpload, uploadPlace } from "./upload-placeholders";

/** An uploaded image waiting for its words (`FigureDialog`). */
export interface AskedFigure {
  src: string;
  name: string;
  answer: (figure: Figure | null) => void;
}

/**
 * The first image among pasted or dropped files, unless text came with them: an office
 * program copies a picture of the text beside the text, and the text is what was meant.
 */
export function pastedImage(data: DataTransfer | null): File | null {
  if (!data || data.getData("text/plain")) return null;
  return [...data.files].find((file) => file.type.startsWith("image/")) ?? null;
}

/**
 * Images pasted or dropped into the editor, each along the upload button's own path: a
 * placeholder where it goes while it uploads, then a question for its words, then the
 * figure, written in one step. A failed upload or a cancel takes the placeholder away and
 * leaves the text as it was. `status` and `problem` say how it goes, for a live region.
 * The question's window gives the focus back to the editor as it closes.
 */
export function useFigureUploads() {
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  const [asked, setAsked] = useState<AskedFigure | null>(null);
  const uploads = useRef(0);

  const upload = useCallback(async (editor: EditorView, file: File, at: number) => {
    const id = (uploads.current += 1);
    editor.dispatch({ effects: showUpload.of({ id, at, words: `Uploading ${file.name}…` }) });
    setProblem("");
    setStatus(`Uploading ${file.name}...`);
    let src: string;
    try {
      src = await uploadFile("image", file);
    } catch (error) {
      editor.dispatch({ effects: dropUpload.of(id) });
      setStatus("");
      setProblem(`${file.name} was not uploaded, and nothing was inserted: ${(error as Error).message}`);
      return;
    }
    editor.dispatch({ effects: showUpload.of({ id, words: `${file.name} goes here once described` }) });
    setStatus(`${file.name} is uploaded. Describe it to insert it.`);
    const figure = await new Promise<Figure | null>((answer) => {
      setAsked({ src, name: file.name, answer });
    });
    setAsked(null);
    setStatus(figure ? `${file.name} is inserted.` : `${file.name} was not inserted.`);
    const place = uploadPlace(editor, id);
    if (figure && place !== null) {
      runEdit(editor, insertBlock(figureMarkdown(figure)), { from: place, to: place }, [dropUpload.of(id)]);
    } else {
      editor.dispatch({ effects: dropUpload.of(id) });
    }
  }, []);

  return { status, problem, asked, upload };
}
