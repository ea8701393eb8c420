import { StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, WidgetType, type DecorationSet } from "@codemirror/view";

/**
 * An image on its way, shown where it will go. It is drawn over the text, not written into
 * it: until the image is uploaded and described, the post's text holds nothing of it, so a
 * failed upload, a cancel or an autosave in between leaves nothing half-inserted.
 */
class UploadWidget extends WidgetType {
  readonly words: string;

  constructor(words: string) {
    super();
    this.words = words;
  }

  override eq(other: UploadWidget): boolean {
    return other.words === this.words;
  }

  toDOM(): HTMLElement {
    const mark = document.createElement("span");
    mark.className = "cm-uploading";
    mark.textContent = this.words;
    return mark;
  }
}

/** The upload a placeholder stands for (its spec is CodeMirror's, untyped). */
const idOf = (placeholder: Decoration): unknown => (placeholder.spec as { id?: number }).id;

/** Where upload `id`'s placeholder is among `placeholders`, or null. */
function placeOf(placeholders: DecorationSet, id: number): number | null {
  let place: number | null = null;
  placeholders.between(0, Number.MAX_SAFE_INTEGER, (from, _to, placeholder) => {
    if (idOf(placeholder) === id) place = from;
  });
  return place;
}

/**
 * Show an upload's placeholder at `at`, saying `words` ("Uploading a.png…"); without `at`,
 * have the placeholder already shown say them instead.
 */
export const showUpload = StateEffect.define<{ id: number; at?: number; words: string }>();
/** Take an upload's placeholder away. */
export const dropUpload = StateEffect.define<number>();

/** The uploads under way, each a placeholder that moves with the text around it. */
export const uploadPlaceholders = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(placeholders, transaction) {
    let next = placeholders.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (effect.is(showUpload)) {
        const { id, words } = effect.value;
        const at = effect.value.at ?? placeOf(next, id);
        if (at === null) continue;
        const placeholder = Decoration.widget({ widget: new UploadWidget(words), side: 1, id });
        next = next.update({ filter: (_from, _to, shown) => idOf(shown) !== id, add: [placeholder.range(at)] });
      } else if (effect.is(dropUpload)) {
        next = next.update({ filter: (_from, _to, shown) => idOf(shown) !== effect.value });
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Where an upload's placeholder is now, or null once it is gone. */
export const uploadPlace = (editor: EditorView, id: number): number | null =>
  placeOf(editor.state.field(uploadPlaceholders), id);
