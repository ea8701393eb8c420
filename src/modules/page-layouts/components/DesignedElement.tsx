import { useMemo, type HTMLAttributes } from "react";
import { PLACEHOLDER_IMAGE } from "@/lib/image-url";
import { useCssomStyles } from "@/lib/use-cssom-styles";
import { imageSource, kindClass, placedDeclarations } from "../published-layout";
import type { LayoutElement } from "../schema";
import "./designed-layout.css";

interface Props extends HTMLAttributes<HTMLElement> {
  element: LayoutElement;
  /** Its place in the owner's stacking order, from 1 at the bottom. */
  layer: number;
}

/**
 * One element as an editor draws it: the published page's markup and classes, with the
 * declarations the published stylesheet writes for it set through the CSSOM. A button is not
 * a link here, so a press in the editor selects it rather than leaving the page.
 */
export default function DesignedElement({ element, layer, className, ...rest }: Props) {
  const declarations = useMemo(() => placedDeclarations(element, layer), [element, layer]);
  const styled = useCssomStyles<HTMLElement>(declarations);
  // Not the element's own class: the published stylesheet, on the same page, places that one.
  const classes = `${kindClass(element.type)}${className ? ` ${className}` : ""}`;
  const attach = (node: HTMLElement | null) => {
    styled.current = node;
  };
  if (element.type === "image") {
    return (
      <img
        ref={attach}
        src={imageSource(element.content || PLACEHOLDER_IMAGE)}
        alt={element.alt ?? ""}
        draggable={false}
        loading="lazy"
        className={classes}
        {...rest}
      />
    );
  }
  return (
    <div ref={attach} className={classes} {...rest}>
      {element.content}
    </div>
  );
}
