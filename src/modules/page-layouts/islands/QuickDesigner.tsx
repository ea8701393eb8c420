import { TabList } from "@/components/admin/TabList";
import { useEffect, useId, useMemo, useReducer, useRef, useState } from "react";
import { useUnsavedWork } from "@/components/admin/use-unsaved-work";
import { CodePanel } from "../quick-designer/CodePanel";
import { DesignerCanvas } from "../quick-designer/DesignerCanvas";
import { DesignerToolbar } from "../quick-designer/DesignerToolbar";
import { ElementInspector } from "../quick-designer/ElementInspector";
import { ElementProperties } from "../quick-designer/ElementProperties";
import { generateCode, type GeneratedCode } from "../generate-code";
import { isTyping, keyAction } from "../keyboard-actions";
import { isUnsaved, layoutReducer, startLayoutEditor, type LayoutAction } from "../layout-document";
import { PALETTE } from "../quick-designer/quick-designer";
import "./quick-designer.css";
import { START_POSITION } from "../defaults";

export interface QuickDesignerProps {
  /** Given, the Code view offers Save Design, which hands it the generated code. */
  onSave?: (code: GeneratedCode) => void;
}

type Tab = "design" | "inspect";
const TABS: readonly { id: Tab; label: string }[] = [
  { id: "design", label: "Design" },
  { id: "inspect", label: "Inspect" },
];

/**
 * The quick designer (SPEC §2, §4): a palette, a canvas and the selected element's
 * properties over one document kept by `layoutReducer`, with its code beside it on demand.
 */
export default function QuickDesigner({ onSave }: QuickDesignerProps) {
  const id = useId();
  const [editor, dispatch] = useReducer(layoutReducer, [], startLayoutEditor);
  const [tab, setTab] = useState<Tab>("design");
  const [grid, setGrid] = useState(true);
  const [codeOpen, setCodeOpen] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  // The designer's notices go stale when it closes.
  const [scope, setScope] = useState<AbortSignal>();
  useEffect(() => {
    const controller = new AbortController();
    setScope(controller.signal);
    return () => {
      controller.abort();
    };
  }, []);

  const elements = editor.history.present;
  const selected = elements.find((element) => element.id === editor.selectedId) ?? null;
  const code = useMemo(() => generateCode(elements), [elements]);
  useUnsavedWork(isUnsaved(editor));

  const select = (next: string | null) => {
    if (next !== editor.selectedId) dispatch({ type: "select", id: next });
  };
  // The focused element or button may be gone with what it showed: the canvas keeps the focus in the designer.
  const remove = (action: LayoutAction) => {
    dispatch(action);
    viewport.current?.focus();
  };
  const onKey = (event: globalThis.KeyboardEvent) => {
    // A field keeps its own keys; Esc has been taken by the dialog, Enter by an element.
    if (event.defaultPrevented || isTyping(event.target)) return;
    const action = keyAction(event, editor.selectedId);
    if (!action) return;
    event.preventDefault();
    // Arrows pressed in quick succession (or held) are one gesture, undone in one step.
    if (action.type === "nudge") dispatch({ ...action, gesture: { id: "keyboard", at: Date.now() } });
    else if (action.type === "delete") remove(action);
    else dispatch(action);
  };
  const keys = useRef(onKey);
  keys.current = onKey;
  useEffect(() => {
    // The designer is modal: every key is its to hear, even when the focus has fallen to the
    // page (a button that just became disabled drops it).
    const listen = (event: globalThis.KeyboardEvent) => {
      keys.current(event);
    };
    window.addEventListener("keydown", listen);
    return () => {
      window.removeEventListener("keydown", listen);
    };
  }, []);
  return (
    <div className="quick-designer">
      <DesignerToolbar
        history={editor.history}
        empty={elements.length === 0}
        grid={grid}
        codeOpen={codeOpen}
        codeId={`${id}-code`}
        onStep={(step) => {
          dispatch({ type: step });
        }}
        onGrid={() => {
          setGrid(!grid);
        }}
        onCode={() => {
          setCodeOpen(!codeOpen);
        }}
        onClear={() => {
          remove({ type: "clear" });
        }}
      />

      <div className="quick-designer__work">
        <section className="quick-designer__palette" aria-labelledby={`${id}-palette`}>
          <h3 id={`${id}-palette`}>Elements</h3>
          <div className="quick-designer__palette-buttons">
            {PALETTE.map(({ type, label }) => (
              <button
                key={type}
                className="button button--quiet"
                type="button"
                onClick={() => {
                  // The quick designer is a sketchpad whose code is copied out: SPEC §9's one
                  // start point, so the generated positions are the ones the spec names.
                  dispatch({ type: "add", elementType: type, at: START_POSITION });
                }}
              >
                {label}
              </button>
            ))}
          </div>
        </section>

        <DesignerCanvas
          elements={elements}
          selectedId={editor.selectedId}
          grid={grid}
          viewportRef={viewport}
          onSelect={select}
          onMove={(elementId, x, y, gesture) => {
            dispatch({ type: "move", id: elementId, x, y, snap: grid, gesture });
          }}
        />

        <section className="quick-designer__side" aria-label="Selected element">
          <TabList
            className="quick-designer__tabs"
            idPrefix={id}
            label="Panel"
            tabs={TABS}
            current={tab}
            onSelect={setTab}
          />
          <div id={`${id}-panel-design`} role="tabpanel" aria-labelledby={`${id}-tab-design`} hidden={tab !== "design"}>
            {selected ? (
              <ElementProperties
                key={selected.id}
                element={selected}
                dispatch={dispatch}
                onCopy={() => {
                  dispatch({ type: "duplicate", id: selected.id });
                }}
                onDelete={() => {
                  remove({ type: "delete", id: selected.id });
                }}
              />
            ) : (
              <p className="quick-designer__note">Select an element on the canvas to change it, or add one.</p>
            )}
          </div>
          <div
            id={`${id}-panel-inspect`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-inspect`}
            hidden={tab !== "inspect"}
          >
            <ElementInspector elements={elements} selected={selected} onSelect={select} />
          </div>
        </section>
      </div>

      <CodePanel
        id={`${id}-code`}
        hidden={!codeOpen}
        code={code}
        scope={scope}
        onSave={
          onSave &&
          (() => {
            dispatch({ type: "saved", elements });
            onSave(code);
          })
        }
      />
    </div>
  );
}
