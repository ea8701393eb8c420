import { withinBand } from "../../band";
import { ELEMENT_PRESETS, newElement, START_POSITION, type ElementPreset, type Point } from "../../defaults";
import { openSpot, placeCoordinate } from "../../geometry";
import { MAX_ELEMENTS, type ElementType, type LayoutElement } from "../../schema";
import { change } from "../changes";
import type { LayoutEditor } from "../document";
import { nextElementId } from "../element-id";

/** A new element of a type, with its preset's size, selected: one undo step. */
export interface AddAction {
  type: "add";
  elementType: ElementType;
  /** Where its top left corner goes; unless told, where it covers none of the others. */
  at?: Point;
  preset?: ElementPreset;
}

/** The element added on top and selected, unless the layout holds as many as it may. */
export function added(editor: LayoutEditor, element: LayoutElement): LayoutEditor {
  const elements = editor.history.present;
  if (elements.length >= MAX_ELEMENTS) return editor;
  return { ...change(editor, [...elements, withinBand(element)]), selectedId: element.id };
}

export function add(editor: LayoutEditor, action: AddAction): LayoutEditor {
  const elements = editor.history.present;
  const at =
    action.at ?? openSpot(elements, ELEMENT_PRESETS[action.preset ?? "designer"][action.elementType], START_POSITION);
  const place = { x: placeCoordinate(at.x), y: placeCoordinate(at.y) };
  return added(editor, newElement(action.elementType, nextElementId(elements), place, action.preset));
}
