import { StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, WidgetType, type DecorationSet } from "@codemirror/view";

/**
 * An image on its way, shown where it will go. It is drawn over the text, not written into
 * it: until the image is uploaded and described, the post's text holds nothing of it, so a
 * failed upload, a cancel or an autosave in between leaves nothing half-inserted.
 */
class UploadingWidget extends WidgetType {
  readonly name: string;

  constructor(name: string) {
    super();
    this.name = name;
  }

  override eq(other: UploadingWidget): boolean {
    return other.name === this.name;
  }

  toDOM(): HTMLElement {
    const mark = document.createElement("span");
    mark.className = "cm-uploading";
    mark.textContent = `Uploading ${this.name}…`;
    return mark;
  }
}

/** The upload a placeholder stands for (its spec is CodeMirror's, untyped). */
const idOf = (placeholder: Decoration): unknown => (placeholder.spec as { id?: number }).id;

/** Show an upload's placeholder at `at`. */
export const showUpload = StateEffect.define<{ id: number; at: number; name: string }>();
/** Take an upload's placeholder away. */
export const dropUpload = StateEffect.define<number>();

/** The uploads under way, each a placeholder that moves with the text around it. */
export const uploadPlaceholders = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(placeholders, transaction) {
    let next = placeholders.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (effect.is(showUpload)) {
        const { id, at, name } = effect.value;
        next = next.update({ add: [Decoration.widget({ widget: new UploadingWidget(name), side: 1, id }).range(at)] });
      } else if (effect.is(dropUpload)) {
        next = next.update({ filter: (_from, _to, placeholder) => idOf(placeholder) !== effect.value });
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Where an upload's placeholder is now, or null once it is gone. */
export function uploadPlace(editor: EditorView, id: number): number | null {
  let place: number | null = null;
  editor.state.field(uploadPlaceholders).between(0, editor.state.doc.length, (from, _to, placeholder) => {
    if (idOf(placeholder) === id) place = from;
  });
  return place;
}
