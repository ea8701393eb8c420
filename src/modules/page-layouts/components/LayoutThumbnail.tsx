import { useMemo } from "react";
import { useCssomStyles, type StyleDeclaration } from "@/lib/use-cssom-styles";
import { DESIGN_WIDTH } from "../defaults";
import type { LayoutElement } from "../schema";
import DesignedElement from "./DesignedElement";

/** How wide a thumbnail is drawn, and how tall it may get before it is cut. */
const THUMBNAIL_WIDTH = 240;
const MAX_THUMBNAIL_HEIGHT = 120;
const SCALE = THUMBNAIL_WIDTH / DESIGN_WIDTH;

/**
 * A version drawn small: its elements through the page's own renderer, scaled down, so the
 * owner recognises a version by its look rather than by its number.
 */
export default function LayoutThumbnail({ elements }: { elements: readonly LayoutElement[] }) {
  const reach = elements.reduce((bottom, element) => Math.max(bottom, element.y + element.height), 0);
  const box = useCssomStyles<HTMLDivElement>(
    useMemo<StyleDeclaration[]>(
      () => [["height", `${Math.min(MAX_THUMBNAIL_HEIGHT, Math.max(24, Math.ceil(reach * SCALE)))}px`]],
      [reach],
    ),
  );
  const page = useCssomStyles<HTMLDivElement>(
    useMemo<StyleDeclaration[]>(() => [["transform", `scale(${SCALE})`]], []),
  );
  return (
    <div ref={box} className="layout-thumbnail" aria-hidden="true">
      <div ref={page} className="layout-thumbnail__page designed-layout designed-layout--editor">
        <div className="designed-layout__canvas">
          {elements.map((element, index) => (
            <DesignedElement key={element.id} element={element} layer={index + 1} />
          ))}
        </div>
      </div>
    </div>
  );
}
