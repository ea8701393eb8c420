import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useReducer, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useUnsavedWork } from "@/components/admin/use-unsaved-work";
import { readableError } from "@/lib/api-request";
import { canRedo, canUndo } from "@/lib/history";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { getQueryClient } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { useCssomStyles, type StyleDeclaration } from "@/lib/use-cssom-styles";
import { mayDiscardUnsavedWork } from "@/lib/unsaved-work";
import { AUTO_SAVE_DELAY_MS } from "../auto-save";
import DesignedElement from "../components/DesignedElement";
import { hrefFault } from "../element-edits";
import { VersionsSection } from "../full-designer/VersionsPanel";
import { asDrawn, DRAWN_ID_ATTRIBUTE, useDrawnHeights } from "../full-designer/use-drawn-heights";
import { resizedBox, type HandleDirection } from "../handle-resize";
import { versionsKey } from "../keys";
import { isTyping, keyAction } from "../keyboard-actions";
import { fetchLayout } from "../layout-client";
import { isUnsaved, layoutReducer, startLayoutEditor, type Gesture } from "../layout-document";
import type { LayoutJson } from "../layout-json";
import { publishState } from "../publish-state";
import type { LayoutElement } from "../schema";
import { useLayoutSaving, type SaveStatus } from "../use-layout-saving";
import { useVersionRestore } from "../use-version-restore";
import ResizeHandles from "./ResizeHandles";

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

/** A pointer gesture under way: moving the element, or resizing it by one of its handles. */
interface Drag {
  id: string;
  pointerId: number;
  startX: number;
  startY: number;
  /** The element's box when the gesture began, as tall as it was drawn. */
  origin: Pick<LayoutElement, "x" | "y" | "width" | "height">;
  /** The handle held, for a resize. */
  handle?: HandleDirection;
  gesture: Gesture;
}

function describe(element: LayoutElement): string {
  const what =
    element.type === "image" ? "Image" : `${element.type === "button" ? "Button" : "Text"} "${element.content}"`;
  return `${what} at ${element.x}, ${element.y}, ${element.width} by ${element.height}`;
}

/**
 * The home page's layout, edited in place (SPEC §4): the owner's draft is drawn where the
 * published design sits, the rest of the page dimmed and inert while editing.
 */
function Editor({ initial, onExit }: { initial: LayoutJson | null; onExit: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [editor, dispatch] = useReducer(layoutReducer, initial?.elements ?? [], startLayoutEditor);
  const saving = useLayoutSaving({
    pageName: "home",
    initial,
    editor,
    dispatch,
    autoSaveDelayMs: AUTO_SAVE_DELAY_MS.home,
    onChange: (layout) => void queryClient.invalidateQueries({ queryKey: [versionsKey(layout.id)] }),
  });
  const restore = useVersionRestore(saving, dispatch);
  const elements = editor.history.present;
  const selected = elements.find((element) => element.id === editor.selectedId) ?? null;
  const unsaved = isUnsaved(editor);
  useUnsavedWork(unsaved);
  const drag = useRef<Drag | null>(null);
  const nudge = useRef<Gesture | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [historyOpen, setHistoryOpen] = useState(false);
  const surface = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const heights = useDrawnHeights(canvas);
  // The boxes as drawn: words that need more room than the box grow it.
  const shown = useMemo(() => asDrawn(elements, heights), [elements, heights]);
  const drawn = shown.find((element) => element.id === editor.selectedId) ?? null;

  const bottom = shown.reduce((lowest, element) => Math.max(lowest, element.y + element.height), 0);
  const surfaceSize = useCssomStyles<HTMLDivElement>(
    useMemo<StyleDeclaration[]>(
      () => [["min-height", `${Math.max(MIN_SURFACE_HEIGHT, bottom + ROOM_BELOW)}px`]],
      [bottom],
    ),
  );

  // Editing starts on the canvas, so the editor's keys work at once.
  useEffect(() => {
    surface.current?.focus();
  }, []);
  // Whatever held the focus may be gone (a deleted element): the canvas takes it, so Ctrl+Z still works.
  const keepFocus = () => {
    surface.current?.focus();
  };

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

  /** `element` as drawn (`shown`), so a resize starts from the box the owner sees. */
  const startDrag = (element: LayoutElement, event: PointerEvent<HTMLElement>, handle?: HandleDirection) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    dispatch({ type: "select", id: element.id });
    // Captured by what was pressed, so its moves bubble to the canvas and a double click stays its own.
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      id: element.id,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      origin: { x: element.x, y: element.y, width: element.width, height: element.height },
      ...(handle ? { handle } : {}),
      // The whole gesture is one undo step, however long it pauses.
      gesture: { id: `${handle ? "resize" : "drag"}-${event.timeStamp}`, at: Date.now() },
    };
  };

  const moveDrag = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    const delta = { x: event.clientX - current.startX, y: event.clientY - current.startY };
    if (current.handle) {
      const box = resizedBox(current.origin, current.handle, delta);
      dispatch({ type: "resize", id: current.id, ...box, gesture: current.gesture });
      return;
    }
    dispatch({
      type: "move",
      id: current.id,
      x: current.origin.x + delta.x,
      y: current.origin.y + delta.y,
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
    if (action.type === "nudge" || action.type === "grow") {
      // A burst of arrow presses is one undo step.
      const now = Date.now();
      const same = nudge.current?.id.startsWith(action.type) && now - nudge.current.at < 600;
      nudge.current = same && nudge.current ? { ...nudge.current, at: now } : { id: `${action.type}-${now}`, at: now };
      dispatch({ ...action, gesture: nudge.current });
    } else dispatch(action);
    if (action.type === "delete") keepFocus();
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
      ? saving.layout
        ? "Unsaved changes"
        : "Unsaved changes: save once to start saving automatically"
      : STATUS_TEXT[saving.status];
  const busy = saving.status === "saving" || restore.pending;

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
              dispatch({ type: "add", elementType: type, preset: "home" });
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
            // The button is disabled once nothing is selected: the canvas keeps the keyboard.
            keepFocus();
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
        <button
          type="button"
          className="button button--quiet"
          aria-expanded={historyOpen}
          aria-controls={`${id}-history`}
          onClick={() => {
            setHistoryOpen(!historyOpen);
          }}
        >
          History
        </button>
        <p className="home-editor__status">
          <span role="status">{status}</span>
          <span>{publishState(saving.layout, unsaved)}</span>
        </p>
      </div>
      <VersionsSection
        id={`${id}-history`}
        title="History"
        className="home-editor__history"
        open={historyOpen}
        layoutId={saving.layout?.id ?? null}
        busy={busy}
        onRestore={restore.restore}
        onPublish={(version) => void saving.publish(version.id)}
      />
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
          ref={(node) => {
            surface.current = node;
            surfaceSize.current = node;
          }}
          className="designed-layout designed-layout--editor home-editor__surface"
          aria-label="Home layout canvas: drag an element or its handles, double-click or press Enter to edit one; arrows move the selected element, with Ctrl they resize it"
          role="group"
          tabIndex={-1}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onPointerDown={(event) => {
            if (event.target === event.currentTarget || event.target === canvas.current) {
              dispatch({ type: "select", id: null });
            }
          }}
        >
          <div ref={canvas} className="designed-layout__canvas">
            {elements.map((element, index) => (
              <DesignedElement
                key={element.id}
                element={element}
                layer={index + 1}
                role="button"
                tabIndex={0}
                aria-pressed={element.id === editor.selectedId}
                aria-label={describe(element)}
                className={`home-editor__element${element.id === editor.selectedId ? " is-selected" : ""}`}
                {...{ [DRAWN_ID_ATTRIBUTE]: element.id }}
                onPointerDown={(event) => {
                  startDrag(shown[index] ?? element, event);
                }}
                onDoubleClick={() => {
                  edit(element);
                }}
                onFocus={() => {
                  dispatch({ type: "select", id: element.id });
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter" && !event.repeat) edit(element);
                }}
              />
            ))}
            {drawn && (
              <ResizeHandles
                element={drawn}
                layer={elements.length + 1}
                onStart={(handle, event) => {
                  startDrag(drawn, event, handle);
                }}
              />
            )}
          </div>
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
  const entry = useRef<HTMLButtonElement>(null);
  const exited = useRef(false);
  useDimmedPage(host, mode === "editing");
  // Back from editing, the focus returns to the button that started it.
  useEffect(() => {
    if (mode !== "off" || !exited.current) return;
    exited.current = false;
    entry.current?.focus();
  }, [mode]);

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
      <QueryClientProvider client={getQueryClient()}>
        <Editor
          initial={layout}
          onExit={() => {
            exited.current = true;
            setMode("off");
          }}
        />
      </QueryClientProvider>
    );
  return (
    <div className="home-editor__entry">
      <button
        ref={entry}
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
