import { elementName } from "./quick-designer";
import type { LayoutElement } from "../schema";
import { STYLE_PROPERTIES } from "../styles";

interface InspectorProps {
  elements: readonly LayoutElement[];
  selected: LayoutElement | null;
  onSelect: (id: string) => void;
}

/** The Inspect tab: the selected element as plain facts, and every element to choose from. */
export function ElementInspector({ elements, selected, onSelect }: InspectorProps) {
  return (
    <div className="quick-designer__inspector">
      <h4>Selected element</h4>
      {selected ? (
        <dl className="quick-designer__facts">
          {(
            [
              ["Id", selected.id],
              ["Type", selected.type],
              ["X", selected.x],
              ["Y", selected.y],
              ["Width", selected.width],
              ["Height", selected.height],
            ] as const
          ).map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          <div className="quick-designer__styles">
            <dt>Styles</dt>
            <dd>
              <StyleList element={selected} />
            </dd>
          </div>
        </dl>
      ) : (
        <p className="quick-designer__note">No element is selected.</p>
      )}
      <h4>All elements</h4>
      {elements.length === 0 ? (
        <p className="quick-designer__note">No elements yet: add one from the palette.</p>
      ) : (
        <ul className="quick-designer__list">
          {elements.map((element) => (
            <li key={element.id}>
              <button
                type="button"
                aria-pressed={element.id === selected?.id}
                onClick={() => {
                  onSelect(element.id);
                }}
              >
                {elementName(element)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StyleList({ element }: { element: LayoutElement }) {
  const styles = STYLE_PROPERTIES.flatMap((property) => {
    const value = element.styles[property];
    return value === undefined ? [] : [[property, value] as const];
  });
  if (styles.length === 0) return "None";
  return (
    <ul>
      {styles.map(([property, value]) => (
        <li key={property}>
          <code>
            {property}: {value}
          </code>
        </li>
      ))}
    </ul>
  );
}
