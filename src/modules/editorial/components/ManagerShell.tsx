import { Fragment, useState } from "react";
import { Pager } from "@/components/ui/Pager";
import { pageCount } from "@/lib/paging";
import { ToastScope } from "@/lib/toast-scope";
import { CloseChoice, KeptWorkNotice } from "./AutosaveChoices";
import { ItemTools } from "./ItemTools";
import type { Editing, ManagedItem, ManagerConfig } from "./manager-config";
import { ManagerDialog } from "./ManagerDialog";
import { ManagerList } from "./ManagerList";
import { StatusFilterBar } from "./StatusFilterBar";
import { useEditSession } from "./use-edit-session";
import { managerAddress, useManagerList } from "./use-manager-list";
import { useManagerSaves } from "./use-manager-saves";

/** The shared shape of the admin managers: a list of cards, and one dialog to create or edit. */
export function ManagerShell<T extends ManagedItem, I>({
  config,
  startWithNew,
}: {
  config: ManagerConfig<T, I>;
  startWithNew: boolean;
}) {
  const { page, status, list, turnTo, showStatus } = useManagerList<T>(config.endpoint);
  const [editing, setEditing] = useState<Editing<T>>(startWithNew ? { mode: "new" } : null);
  const editedUrl = editing?.mode === "edit" ? `${config.endpoint}/${String(editing.item.id)}` : undefined;
  // The dialog's notices (uploads) go stale once it closes or its owner saves.
  const [scope, setScope] = useState(() => new AbortController());
  const renewScope = () => {
    scope.abort();
    setScope(new AbortController());
  };
  const close = () => {
    renewScope();
    setEditing(null);
  };
  const session = useEditSession(config.noun, editing, editedUrl, close);
  const { save, remove, refresh } = useManagerSaves(config, editing, {
    renewScope,
    saved: () => {
      session.saved();
      setEditing(null);
    },
  });
  const offer = session.keptOffer;

  return (
    <div className="manager">
      <div className="manager__bar">
        <h1>{config.heading}</h1>
        <button
          className="button"
          type="button"
          onClick={() => {
            setEditing({ mode: "new" });
          }}
        >
          {config.newLabel}
        </button>
      </div>
      <StatusFilterBar endpoint={config.endpoint} current={status} onSelect={showStatus} />
      {list.isPending ? (
        <p role="status">{config.loadingText}</p>
      ) : (
        <ManagerList
          config={config}
          items={list.data?.items ?? []}
          onEdit={(item) => {
            setEditing({ mode: "edit", item });
          }}
          onDelete={(item) => {
            remove.mutate(item);
          }}
        />
      )}
      <Pager
        page={page}
        pages={pageCount(list.data?.total ?? 0)}
        hrefOf={(n) => managerAddress(n, status)}
        onSelect={turnTo}
      />
      <ManagerDialog
        editing={editing}
        noun={config.noun}
        onRequestClose={session.requestClose}
        onClosed={() => {
          setEditing(null);
        }}
      >
        <ToastScope.Provider value={scope.signal}>
          {session.closing && (
            <CloseChoice onKeep={session.keepAndClose} onDiscard={session.discardAndClose} onStay={session.stay} />
          )}
          {editing?.mode === "new" && offer && (
            <KeptWorkNotice
              noun={config.noun}
              savedAt={offer.savedAt}
              onContinue={() => {
                session.continueKept(offer);
              }}
              onDiscard={() => {
                session.discardKept(offer);
              }}
            />
          )}
          {editing?.mode === "edit" && editedUrl && (
            <ItemTools
              config={config}
              item={editing.item}
              itemUrl={editedUrl}
              leftOver={session.leftOver}
              historyKey={session.formKey}
              onContinue={session.continueLeftOver}
              onDiscard={session.discardLeftOver}
              onRestored={(restored) => {
                setEditing({ mode: "edit", item: restored });
                session.restored();
                void refresh();
              }}
            />
          )}
          {editing && (
            <Fragment key={session.formKey}>
              {config.form({
                item: editing.mode === "edit" ? session.formItem(editing.item) : undefined,
                resumed: session.resumed,
                autosave: session.target,
                pending: save.isPending,
                onSubmit: (input) => {
                  save.mutate(input);
                },
                onCancel: session.requestClose,
              })}
            </Fragment>
          )}
        </ToastScope.Provider>
      </ManagerDialog>
    </div>
  );
}
