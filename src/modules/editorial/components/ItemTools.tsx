import { asRecord, type RevisionWithDocumentJson } from "../revision-json";
import { AutosaveNotice } from "./AutosaveChoices";
import type { ManagedItem, ManagerConfig } from "./manager-config";
import { PreviewLink } from "./PreviewLink";
import { RevisionHistory } from "./RevisionHistory";

/**
 * What the dialog offers above an edited item's form: the autosave left from before, to
 * continue or discard; a preview link (or, once published, what the kind offers then); and
 * the item's history, to compare and restore.
 */
export function ItemTools<T extends ManagedItem, I>({
  config,
  item,
  itemUrl,
  leftOver,
  historyKey,
  onContinue,
  onDiscard,
  onRestored,
}: {
  config: ManagerConfig<T, I>;
  item: T;
  itemUrl: string;
  leftOver: RevisionWithDocumentJson | null;
  /** Changes when the form starts again, so the history does too. */
  historyKey: number;
  onContinue: (leftOver: RevisionWithDocumentJson) => void;
  onDiscard: () => void;
  onRestored: (restored: T) => void;
}) {
  return (
    <>
      {leftOver && (
        <AutosaveNotice
          savedAt={leftOver.createdAt}
          onContinue={() => {
            onContinue(leftOver);
          }}
          onDiscard={onDiscard}
        />
      )}
      <div className="item-tools">
        {item.status === "published" ? config.published(item) : <PreviewLink itemUrl={itemUrl} noun={config.noun} />}
        <RevisionHistory
          key={historyKey}
          itemUrl={itemUrl}
          fields={config.historyFields}
          current={asRecord(item)}
          onRestored={(restored) => {
            onRestored(restored as T);
          }}
        />
      </div>
    </>
  );
}
