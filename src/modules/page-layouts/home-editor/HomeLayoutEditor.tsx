import { useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useUnsavedWork } from "@/components/admin/use-unsaved-work";
import { readableError } from "@/lib/api-request";
import { canRedo, canUndo } from "@/lib/history";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { toast } from "@/lib/toast";
import { useCssomStyles } from "@/lib/use-cssom-styles";
import { mayDiscardUnsavedWork } from "@/lib/unsaved-work";
import { AUTO_SAVE_DELAY_MS } from "../auto-save";
import { COPY_OFFSET, DESIGN_WIDTH, START_POSITION } from "../defaults";
import { elementDeclarations } from "../generate-code";
import { hrefFault } from "../element-edits";
import { freeSpot } from "../geometry";
import { isTyping, keyAction } from "../keyboard-actions";
import { fetchLayout } from "../layout-client";
import { isUnsaved, layoutReducer, startLayoutEditor, type Gesture } from "../layout-document";
import type { LayoutJson } from "../layout-json";
import type { LayoutElement } from "../schema";
import { imageSource } from "../published-layout";
import { useLayoutSaving, type SaveStatus } from "../use-layout-saving";

/** The room below the lowest element, so there is always somewhere to drop the next one. */
const ROOM_BELOW = 120;
const MIN_SURFACE_HEIGHT = 360;

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: "",
  saving: "Saving…",
  saved: "Saved",
  failed: "Save failed",
  conflict: "Someone else saved this layout",
};

const PALETTE = [
  { type: "text", label: "Add Text" },
  { type: "image", label: "Add Image" },
  { type: "button", label: "Add Button" },
] as const;

interface Drag {
  id: string;
  pointerId: number;
  startX: number;
  startY: number;
  originX: number;
  originY: number;
  gesture: Gesture;
}

function describe(element: LayoutElement): string {
  const what =
    element.type === "image" ? "Image" : `${element.type === "button" ? "Button" : "Text"} "${element.content}"`;
  return `${what} at ${element.x}, ${element.y}, ${element.width} by ${element.height}`;
}

function ElementView({
  element,
  selected,
  onPointerDown,
  onEdit,
  onSelect,
}: {
  element: LayoutElement;
  selected: boolean;
  onPointerDown: (event: PointerEvent<HTMLDivElement>) => void;
  onEdit: () => void;
  onSelect: () => void;
}) {
  const declarations = useMemo(() => elementDeclarations(element), [element]);
  const ref = useCssomStyles<HTMLDivElement>(declarations);
  return (
    <div
      ref={ref}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={describe(element)}
      className={`home-editor__element home-editor__element--${element.type}${selected ? " is-selected" : ""}`}
      onPointerDown={onPointerDown}
      onDoubleClick={onEdit}
      onFocus={onSelect}
      onKeyDown={(event) => {
        if (event.key === "Enter" && !event.repeat) onEdit();
      }}
    >
      {element.type === "image" ? <img src={imageSource(element.content)} alt="" draggable={false} /> : element.content}
    </div>
  );
}

/**
 * The home page's layout, edited in place (SPEC §4): the owner's draft is drawn where the
 * published design sits, the rest of the page dimmed and inert while editing.
 */
function Editor({ initial, onExit }: { initial: LayoutJson | null; onExit: () => void }) {
  const [editor, dispatch] = useReducer(layoutReducer, initial?.elements ?? [], startLayoutEditor);
  const saving = useLayoutSaving({
    pageName: "home",
    initial,
    editor,
    dispatch,
    autoSaveDelayMs: AUTO_SAVE_DELAY_MS.home,
  });
  const elements = editor.history.present;
  const selected = elements.find((element) => element.id === editor.selectedId) ?? null;
  const unsaved = isUnsaved(editor);
  useUnsavedWork(unsaved);
  const drag = useRef<Drag | null>(null);
  const nudge = useRef<Gesture | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const height = Math.max(
    MIN_SURFACE_HEIGHT,
    elements.reduce((bottom, element) => Math.max(bottom, element.y + element.height), 0) + ROOM_BELOW,
  );

  const edit = (element: LayoutElement) => {
    const answer = window.prompt(
      element.type === "image" ? "Image URL" : "Text",
      element.type === "image" && element.content === "" ? PLACEHOLDER_IMAGE : element.content,
    );
    // Cancel changes nothing (SPEC §4).
    if (answer === null) return;
    const next = layoutReducer(editor, { type: "editContent", id: element.id, content: answer });
    if (next === editor && answer.trim() !== element.content) {
      toast({
        title: "Not changed",
        description:
          element.type === "image"
            ? "An image must be an http(s) URL or a path on this site."
            : "That text is too long.",
        variant: "destructive",
      });
      return;
    }
    dispatch({ type: "editContent", id: element.id, content: answer });
    if (element.type === "button") editHref(element);
  };

  // A button's destination is asked for after its words; blank leaves it a label.
  const editHref = (element: LayoutElement) => {
    const answer = window.prompt("Links to (a path on this site or an https address)", element.href ?? "");
    if (answer === null) return;
    const fault = hrefFault(answer);
    if (fault) {
      toast({ title: "Not changed", description: `The button's destination: ${fault}.`, variant: "destructive" });
      return;
    }
    dispatch({ type: "editHref", id: element.id, href: answer });
  };

  const startDrag = (element: LayoutElement, event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dispatch({ type: "select", id: element.id });
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      id: element.id,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      originX: element.x,
      originY: element.y,
      // The whole drag is one undo step, however long it pauses.
      gesture: { id: `drag-${event.timeStamp}`, at: Date.now() },
    };
  };

  const moveDrag = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    dispatch({
      type: "move",
      id: current.id,
      x: current.originX + event.clientX - current.startX,
      y: current.originY + event.clientY - current.startY,
      gesture: current.gesture,
    });
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target)) return;
    const action = keyAction(event, editor.selectedId);
    if (!action) return;
    event.preventDefault();
    if (action.type === "nudge") {
      // A burst of arrow presses is one undo step.
      const now = Date.now();
      nudge.current =
        nudge.current && now - nudge.current.at < 600 ? { ...nudge.current, at: now } : { id: `nudge-${now}`, at: now };
      dispatch({ ...action, gesture: nudge.current });
    } else dispatch(action);
  };

  useEffect(() => {
    if (selected) setAnnouncement(`${describe(selected)}.`);
  }, [selected]);

  const exit = () => {
    if (unsaved && !mayDiscardUnsavedWork()) return;
    onExit();
  };

  const live = saving.layout?.publishedVersionNumber;
  const status =
    unsaved && saving.status !== "saving" && saving.status !== "conflict"
      ? "Unsaved changes"
      : STATUS_TEXT[saving.status];

  return (
    <div className="home-editor" onKeyDown={onKeyDown}>
      <div className="home-editor__toolbar" role="toolbar" aria-label="Home layout">
        <button type="button" className="button" aria-pressed={true} onClick={exit}>
          Exit Edit
        </button>
        {PALETTE.map(({ type, label }) => (
          <button
            key={type}
            type="button"
            className="button button--quiet"
            onClick={() => {
              const at = freeSpot(elements, START_POSITION, COPY_OFFSET);
              dispatch({ type: "add", elementType: type, preset: "home", at });
            }}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="button button--quiet"
          disabled={!selected}
          onClick={() => {
            if (selected) dispatch({ type: "duplicate", id: selected.id });
          }}
        >
          Duplicate
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={!selected}
          onClick={() => {
            if (selected) dispatch({ type: "delete", id: selected.id });
          }}
        >
          Delete
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={!canUndo(editor.history)}
          onClick={() => {
            dispatch({ type: "undo" });
          }}
        >
          Undo
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={!canRedo(editor.history)}
          onClick={() => {
            dispatch({ type: "redo" });
          }}
        >
          Redo
        </button>
        <button
          type="button"
          className="button"
          disabled={saving.status === "saving"}
          onClick={() => void saving.saveNow()}
        >
          Save
        </button>
        <button type="button" className="button" disabled={elements.length === 0} onClick={() => void saving.publish()}>
          Publish
        </button>
        {live != null && (
          <button type="button" className="button button--quiet" onClick={() => void saving.unpublish()}>
            Unpublish
          </button>
        )}
        <p className="home-editor__status" role="status">
          {status && <span>{status}</span>}
          <span>{live != null ? `Visitors see version ${live}.` : "Not published."}</span>
        </p>
      </div>
      {saving.status === "conflict" && (
        <div className="home-editor__conflict" role="alert">
          <p>Someone else saved this layout since you opened it.</p>
          <button type="button" className="button button--quiet" onClick={() => void saving.reload()}>
            Load their version
          </button>
          <button type="button" className="button" onClick={() => void saving.overwrite()}>
            Keep mine
          </button>
        </div>
      )}
      <div className="home-editor__scroller">
        <div
          className="home-editor__surface"
          style={{ width: DESIGN_WIDTH, height }}
          aria-label="Home layout canvas: drag elements, double-click or press Enter to edit one, arrows move the selected element"
          role="group"
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onPointerDown={(event) => {
            if (event.target === event.currentTarget) dispatch({ type: "select", id: null });
          }}
        >
          {elements.map((element) => (
            <ElementView
              key={element.id}
              element={element}
              selected={element.id === editor.selectedId}
              onPointerDown={(event) => {
                startDrag(element, event);
              }}
              onSelect={() => {
                dispatch({ type: "select", id: element.id });
              }}
              onEdit={() => {
                edit(element);
              }}
            />
          ))}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** Marks the rest of the page dimmed and unclickable while editing; gives it back after. */
function useDimmedPage(host: HTMLElement, dimmed: boolean): void {
  useEffect(() => {
    if (!dimmed) return;
    const main = host.closest("main");
    const others = main ? [...main.children].filter((child) => !child.contains(host)) : [];
    for (const other of others) other.setAttribute("inert", "");
    document.body.classList.add("is-editing-layout");
    return () => {
      for (const other of others) other.removeAttribute("inert");
      document.body.classList.remove("is-editing-layout");
    };
  }, [host, dimmed]);
}

/** 'Edit Page' / 'Exit Edit' around the editor; the layout is fetched when editing starts. */
export default function HomeLayoutEditor({ host }: { host: HTMLElement }) {
  const [mode, setMode] = useState<"off" | "loading" | "editing">("off");
  const [layout, setLayout] = useState<LayoutJson | null>(null);
  useDimmedPage(host, mode === "editing");

  const start = async () => {
    setMode("loading");
    try {
      setLayout(await fetchLayout("home"));
      setMode("editing");
    } catch (error) {
      setMode("off");
      toast({
        title: "Loading failed",
        description: readableError(error, "The layout could not be loaded."),
        variant: "destructive",
      });
    }
  };

  if (mode === "editing")
    return (
      <Editor
        initial={layout}
        onExit={() => {
          setMode("off");
        }}
      />
    );
  return (
    <div className="home-editor__entry">
      <button
        type="button"
        className="button"
        aria-pressed={false}
        disabled={mode === "loading"}
        onClick={() => void start()}
      >
        {mode === "loading" ? "Loading layout..." : "Edit Page"}
      </button>
    </div>
  );
}
