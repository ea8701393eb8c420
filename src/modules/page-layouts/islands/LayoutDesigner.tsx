import { QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useMemo, useReducer, useRef, useState } from "react";
import { useUnsavedWork } from "@/components/admin/use-unsaved-work";
import { readableError } from "@/lib/api-request";
import { canRedo, canUndo } from "@/lib/history";
import { getQueryClient } from "@/lib/query-client";
import { mayDiscardUnsavedWork } from "@/lib/unsaved-work";
import type { LayoutPage } from "../api-schema";
import { AUTO_SAVE_DELAY_MS } from "../auto-save";
import { reveal } from "../canvas-geometry";
import DesignerCanvas from "../full-designer/DesignerCanvas";
import DesignerToolbar, { type DesignerMode, type ZoomChoice } from "../full-designer/DesignerToolbar";
import ElementPanels from "../full-designer/ElementPanels";
import SaveBar from "../full-designer/SaveBar";
import { useAnnouncer } from "../full-designer/use-announcer";
import { asDrawn, useDrawnHeights } from "../full-designer/use-drawn-heights";
import { useFitZoom } from "../full-designer/use-fit-zoom";
import { ELEMENT_KEYS_ATTRIBUTE, useDesignerKeys } from "../full-designer/use-designer-keys";
import { VersionsSection } from "../full-designer/VersionsPanel";
import { DESIGN_WIDTH } from "../defaults";
import type { DesignerKey } from "../designer-keys";
import { describeSelection, elementName } from "../element-description";
import { layoutKey, versionsKey } from "../keys";
import { fetchLayout } from "../layout-client";
import { isUnsaved, layoutReducer, startLayoutEditor, type LayoutAction } from "../layout-document";
import type { LayoutJson } from "../layout-json";
import { MAX_ELEMENTS } from "../schema";
import { useLayoutSaving } from "../use-layout-saving";
import { useVersionRestore } from "../use-version-restore";
import "../full-designer/versions-panel.css";
import "./layout-designer.css";

// Arrow presses close together are one undo step: they pass this gesture, and the history
// joins changes of one gesture that follow each other within its window.
const ARROW_GESTURE = "arrows";

function Designer({ pageName, initial }: { pageName: LayoutPage; initial: LayoutJson | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [editor, dispatch] = useReducer(layoutReducer, initial?.elements ?? [], startLayoutEditor);
  const [mode, setMode] = useState<DesignerMode>("design");
  const [grid, setGrid] = useState(true);
  // The canvas opens fitted to the window's width, so the whole design shows at once.
  const [zoomChoice, setZoom] = useState<ZoomChoice>("fit");
  const [versionsOpen, setVersionsOpen] = useState(false);
  const canvas = useRef<HTMLDivElement>(null);
  const fitZoom = useFitZoom(canvas);
  const zoom = zoomChoice === "fit" ? fitZoom : zoomChoice;
  const elements = editor.history.present;
  const selected = elements.find((element) => element.id === editor.selectedId);
  // The elements as tall as the canvas draws them (words that need more room grow the box):
  // the handles, the panels and the announcements all give these sizes, so they agree.
  const page = useRef<HTMLDivElement>(null);
  const heights = useDrawnHeights(page);
  const drawn = useMemo(() => asDrawn(elements, heights), [elements, heights]);
  const selectedDrawn = drawn.find((element) => element.id === editor.selectedId);
  const design = mode === "design";

  const saving = useLayoutSaving({
    pageName,
    initial,
    editor,
    dispatch,
    autoSaveDelayMs: AUTO_SAVE_DELAY_MS.designer,
    onChange: (layout) => void queryClient.invalidateQueries({ queryKey: [versionsKey(layout.id)] }),
  });
  useUnsavedWork(isUnsaved(editor));

  // The live region speaks once a change is drawn, of the selection as it then stands.
  const { spoken, say } = useAnnouncer(describeSelection(selectedDrawn));

  const act = useCallback(
    (action: LayoutAction, text?: string) => {
      dispatch(action);
      say(text);
    },
    [say],
  );

  const restore = useVersionRestore(saving, dispatch);

  const run = (key: DesignerKey): void => {
    if (key.type === "save") {
      void saving.saveNow();
      return;
    }
    const { action } = key;
    switch (action.type) {
      case "undo":
      case "redo":
        act(action, action.type === "undo" ? "Undone." : "Redone.");
        return;
      case "nudge":
      case "grow":
        act({ ...action, gesture: { id: `${ARROW_GESTURE}-${action.type}`, at: Date.now() } });
        return;
      case "delete":
        // The layer's button goes with its element: the focus stays on the canvas.
        if (canvas.current && !canvas.current.contains(document.activeElement)) canvas.current.focus();
        act(action, selected && `${elementName(selected)} deleted.`);
        return;
      case "select":
        act(action, "No element selected.");
        return;
      default:
        act(action);
    }
  };
  // In Preview nothing is selectable, so the element keys find nothing to act on.
  useDesignerKeys(run, design ? (selected?.id ?? null) : null);

  const select = useCallback(
    (elementId: string | null) => {
      act({ type: "select", id: elementId });
    },
    [act],
  );
  // Chosen from the list, the element may be out of sight: the canvas scrolls to it.
  const chooseLayer = (elementId: string) => {
    select(elementId);
    const area = canvas.current;
    const element = drawn.find((candidate) => candidate.id === elementId);
    if (!area || !element) return;
    const view = { left: area.scrollLeft, top: area.scrollTop, width: area.clientWidth, height: area.clientHeight };
    const onScreen = {
      x: element.x * zoom,
      y: element.y * zoom,
      width: element.width * zoom,
      height: element.height * zoom,
    };
    const { left, top } = reveal(view, onScreen);
    area.scrollTo({ left, top });
  };
  const busy = saving.status === "saving" || restore.pending;

  return (
    <div className="designer">
      <SaveBar
        pageName={pageName}
        saving={saving}
        unsaved={isUnsaved(editor)}
        empty={elements.length === 0}
        onClose={(event) => {
          if (!mayDiscardUnsavedWork()) event.preventDefault();
        }}
      />
      <DesignerToolbar
        mode={mode}
        grid={grid}
        zoom={zoomChoice}
        fitZoom={fitZoom}
        versionsOpen={versionsOpen}
        versionsId={`${id}-versions`}
        canUndo={canUndo(editor.history)}
        canRedo={canRedo(editor.history)}
        full={elements.length >= MAX_ELEMENTS}
        onAdd={(type) => {
          act({ type: "add", elementType: type });
        }}
        onUndo={() => {
          act({ type: "undo" }, "Undone.");
        }}
        onRedo={() => {
          act({ type: "redo" }, "Redone.");
        }}
        onGrid={setGrid}
        onZoom={setZoom}
        onMode={(next) => {
          setMode(next);
          say(next === "preview" ? "Preview: the design as visitors see it." : "Design mode.");
        }}
        onVersions={setVersionsOpen}
      />

      <div className="designer__main">
        <section className="designer__stage" aria-labelledby={`${id}-canvas-title`}>
          <h2 id={`${id}-canvas-title`} className="visually-hidden">
            Canvas
          </h2>
          <div
            ref={canvas}
            className={`designer-canvas${grid && design ? " designer-canvas--grid" : ""}`}
            tabIndex={0}
            role="application"
            aria-label={`Layout canvas, ${DESIGN_WIDTH} pixels wide${design ? "" : ", preview"}`}
            aria-describedby={`${id}-canvas-hint`}
            {...{ [ELEMENT_KEYS_ATTRIBUTE]: "" }}
          >
            <DesignerCanvas
              elements={elements}
              drawn={drawn}
              pageRef={page}
              selectedId={design ? editor.selectedId : null}
              editable={design}
              grid={grid}
              zoom={zoom}
              onSelect={select}
              onMove={(elementId, x, y, gesture) => {
                dispatch({ type: "move", id: elementId, x, y, gesture });
              }}
              onResize={(elementId, size, gesture) => {
                dispatch({ type: "resize", id: elementId, ...size, gesture });
              }}
              onGestureEnd={() => {
                say();
              }}
            />
          </div>
          <p id={`${id}-canvas-hint`} className="designer__hint">
            {design
              ? `The canvas is ${DESIGN_WIDTH} px wide, the width visitors see. Drag an element to move it and its handles to resize it. On the canvas or in Layers, arrow keys move the selected element 1 px (with Shift 10 px) and with Ctrl resize it, Delete removes it and Escape lets it go; Ctrl+Z undoes.`
              : "Preview: the design as visitors see it. Switch back to Design to change it."}
          </p>
        </section>

        <div className="designer__side">
          <VersionsSection
            id={`${id}-versions`}
            title="Versions"
            className="designer-panel"
            open={versionsOpen}
            layoutId={saving.layout?.id ?? null}
            busy={busy}
            onRestore={restore.restore}
            onPublish={(version) => void saving.publish(version.id)}
          />
          {design && (
            <ElementPanels
              elements={drawn}
              selected={selected}
              drawnHeight={selectedDrawn?.height}
              dispatch={dispatch}
              act={act}
              onChooseLayer={chooseLayer}
            />
          )}
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}

function Loader({ pageName }: { pageName: LayoutPage }) {
  const layout = useQuery({
    queryKey: [layoutKey(pageName)],
    queryFn: ({ signal }) => fetchLayout(pageName, signal),
  });
  if (layout.isPending) return <p className="designer-loading">Loading layout...</p>;
  if (layout.isError) {
    return (
      <p className="designer-loading" role="alert">
        The layout could not be loaded: {readableError(layout.error, "the server did not answer")}. Reload to try again.
      </p>
    );
  }
  return <Designer pageName={pageName} initial={layout.data} />;
}

/** `/admin/designer` (SPEC §2, §4): a page's layout drawn on a canvas, edited, saved as versions and published. */
export default function LayoutDesigner({ pageName }: { pageName: LayoutPage }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Loader pageName={pageName} />
    </QueryClientProvider>
  );
}
