import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Pager } from "@/components/ui/Pager";
import { Picture } from "@/components/ui/Picture";
import { ApiError, apiPage, apiRequest } from "@/lib/api-request";
import { pageCount, readPageNumber } from "@/lib/paging";
import { toast } from "@/lib/toast";
import { ToastScope } from "@/lib/toast-scope";
import { mayDiscardUnsavedWork } from "@/lib/unsaved-work";
import { StatusFilterBar, StandingBadge, readStatusFilter } from "@/modules/editorial/components/StatusFilterBar";
import type { Standing } from "@/modules/editorial/components/PublicationActions";
import { savedNotice } from "@/modules/editorial/intent";
import type { StatusFilter } from "@/modules/editorial/publication";
import { asRecord, type RevisionWithDocumentJson } from "@/modules/editorial/revision-json";
import type { DiffField } from "@/modules/editorial/word-diff";
import { AutosaveNotice, CloseChoice } from "@/modules/editorial/components/AutosaveChoices";
import { PreviewLink } from "@/modules/editorial/components/PreviewLink";
import { RevisionHistory } from "@/modules/editorial/components/RevisionHistory";
import type { AutosaveState, AutosaveTarget } from "@/modules/editorial/components/use-autosave";

/** An item as the admin lists it: the spec's fields, and where it stands. */
export interface ManagedItem extends Standing {
  id: number;
  slug: string;
  title: string;
}

export interface ManagerConfig<T extends ManagedItem, I> {
  /**
   * The list endpoint (from the domain's `keys.ts`), read a page at a time, which creates
   * too; items are written at `${endpoint}/{id}`.
   */
  endpoint: string;
  heading: string;
  newLabel: string;
  loadingText: string;
  /** What an item is called in the dialog's name: "post", "video". */
  noun: string;
  /** What notices call it: "Post", "Video". */
  nounTitle: string;
  /** Where an item is seen by visitors. */
  publicPath: (item: T) => string;
  confirmDelete: string;
  toasts: {
    created: string;
    updated: string;
    deleted: string;
    createFailed: string;
    updateFailed: string;
    deleteFailed: string;
    /** A more precise failure text when the server names a field under one of these prefixes. */
    fieldFailed?: Record<string, string>;
  };
  /** What a published item offers in its tools: sending it to subscribers (the newsletter's "Email this"). */
  published: (item: T) => ReactNode;
  /** The text fields the history compares, in order, with what the form calls them. */
  historyFields: readonly DiffField[];
  card: (item: T) => ReactNode;
  /** The item's picture (cover, poster), shown on its card. */
  cover: (item: T) => string;
  form: (props: FormProps<T, I>) => ReactNode;
}

/** What a manager hands its form. */
export interface FormProps<T, I> {
  /** The item edited (with an autosave's fields, when the owner continues one); none for a new one. */
  item?: T;
  /** Where an edit form keeps its work as it goes. */
  autosave?: AutosaveTarget;
  /** The autosave the form continues, whole: what the item itself has no field for (a gallery). */
  resumed?: Readonly<Record<string, unknown>>;
  pending: boolean;
  onSubmit: (input: I) => void;
  onCancel: () => void;
}

/** Whether a window of its own (Uppy's, a role=dialog hidden by aria-hidden when closed) is open inside `dialog`. */
const hasOpenLayer = (dialog: HTMLElement): boolean =>
  [...dialog.querySelectorAll('[role="dialog"], [aria-modal="true"]')].some(
    (layer) => !layer.closest('[aria-hidden="true"]'),
  );

const FIRST_FIELD = "form :is(input, textarea, select):not(:disabled)";

/**
 * Put the focus on the form's first field, not on the close button the dialog focuses
 * first. An edit form appears only once its item's gallery has loaded, so until it does,
 * wait for it; if the owner has moved the focus on by then, leave it where they put it.
 */
function focusFirstField(dialog: HTMLDialogElement | null): (() => void) | undefined {
  if (!dialog) return undefined;
  const opener = document.activeElement;
  const focus = () => {
    const field = dialog.querySelector<HTMLElement>(FIRST_FIELD);
    if (!field) return false;
    const untouched =
      document.activeElement === opener || dialog.querySelector("header")?.contains(document.activeElement);
    if (untouched || document.activeElement === dialog) field.focus();
    return true;
  };
  if (focus()) return undefined;
  const observer = new MutationObserver(() => {
    if (!dialog.open || focus()) observer.disconnect();
  });
  observer.observe(dialog, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
  };
}

type Editing<T> = { mode: "new" } | { mode: "edit"; item: T } | null;

/** The item with the fields an autosave holds for it, where they are of a kind the item's field can take. */
function withAutosave<T extends object>(item: T, document: Readonly<Record<string, unknown>>): T {
  const merged: Record<string, unknown> = { ...asRecord(item) };
  for (const [key, value] of Object.entries(document)) {
    const own = merged[key];
    if (key in item && (own === null || value === null || typeof own === typeof value)) merged[key] = value;
  }
  return merged as T;
}

const NO_AUTOSAVE: AutosaveState = { savedAt: null, flush: () => Promise.resolve() };

/** The shared shape of the admin managers: a list of cards, and one dialog to create or edit. */
export function ManagerShell<T extends ManagedItem, I>({
  config,
  startWithNew,
}: {
  config: ManagerConfig<T, I>;
  startWithNew: boolean;
}) {
  const queryClient = useQueryClient();
  // The page and the status shown are in the address, so a reload or a shared link opens the same.
  const [page, setPage] = useState(() => readPageNumber(new URLSearchParams(window.location.search).get("page")));
  const [status, setStatus] = useState<StatusFilter>(() => readStatusFilter(window.location.search));
  const addressOf = (n: number, filter: StatusFilter) =>
    `?page=${String(n)}${filter === "all" ? "" : `&status=${filter}`}`;
  const listKey = `${config.endpoint}?page=${String(page)}&status=${status}`;
  const list = useQuery({
    queryKey: [config.endpoint, status, page],
    queryFn: ({ signal }) => apiPage<T>(listKey, signal),
  });
  const turnTo = (target: number) => {
    setPage(target);
    window.history.pushState(null, "", `${window.location.pathname}${addressOf(target, status)}`);
  };
  const showStatus = (filter: StatusFilter) => {
    setStatus(filter);
    setPage(1);
    window.history.pushState(null, "", `${window.location.pathname}${addressOf(1, filter)}`);
  };
  // Deleting the last item of the last page, or an address past the end, leaves a page
  // with nothing on it: the last page that has something is shown instead.
  const lastPage = list.data && list.data.items.length === 0 && page > 1 ? pageCount(list.data.total) : undefined;
  useEffect(() => {
    if (lastPage === undefined || lastPage === page) return;
    setPage(lastPage);
    window.history.replaceState(null, "", `${window.location.pathname}${addressOf(lastPage, status)}`);
  }, [lastPage, page]);
  useEffect(() => {
    const restore = () => {
      setPage(readPageNumber(new URLSearchParams(window.location.search).get("page")));
      setStatus(readStatusFilter(window.location.search));
    };
    window.addEventListener("popstate", restore);
    return () => {
      window.removeEventListener("popstate", restore);
    };
  }, []);
  const [editing, setEditing] = useState<Editing<T>>(startWithNew ? { mode: "new" } : null);
  const editedUrl = editing?.mode === "edit" ? `${config.endpoint}/${String(editing.item.id)}` : undefined;
  // An edit's autosave: the one left from before, until the owner continues or discards it,
  // and what the form has kept since, which closing offers to keep or discard.
  const leftOver = useQuery<{ autosave: RevisionWithDocumentJson | null }>({
    queryKey: [`${editedUrl ?? ""}/autosave`],
    enabled: editedUrl !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
  const [leftOverSettled, setLeftOverSettled] = useState(false);
  const leftOverAutosave = leftOverSettled ? null : (leftOver.data?.autosave ?? null);
  const [resumed, setResumed] = useState<{ document: Readonly<Record<string, unknown>>; savedAt: Date } | null>(null);
  const autosave = useRef<AutosaveState>(NO_AUTOSAVE);
  const [closing, setClosing] = useState(false);
  // A new form for the same item (a restore, an autosave continued) starts from its new values.
  const [formKey, setFormKey] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const dialogId = useId();
  // The dialog's notices (uploads) go stale once it closes or its owner saves.
  const [scope, setScope] = useState(() => new AbortController());
  const renewScope = () => {
    scope.abort();
    setScope(new AbortController());
  };

  useEffect(() => {
    if (editing && !dialog.current?.open) {
      dialog.current?.showModal();
      return focusFirstField(dialog.current);
    }
    if (!editing && dialog.current?.open) dialog.current.close();
  }, [editing]);

  const close = () => {
    renewScope();
    setEditing(null);
  };
  // Whatever closes the dialog (a save, Esc, the close button) ends its autosave's state.
  useEffect(() => {
    if (editing) return;
    autosave.current = NO_AUTOSAVE;
    setClosing(false);
    setResumed(null);
    setLeftOverSettled(false);
  }, [editing]);

  /**
   * Close the dialog: with autosaved work, once the owner says whether to keep it; else
   * unless they would rather keep what they typed.
   */
  const requestClose = () => {
    if (autosave.current.savedAt) {
      setClosing(true);
      return;
    }
    if (!mayDiscardUnsavedWork()) return;
    close();
  };
  const discardAutosave = async () => {
    // Already gone (saved or discarded elsewhere) is as good as discarded.
    await apiRequest("DELETE", `${editedUrl ?? ""}/autosave`).catch(() => undefined);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: [config.endpoint] });
  const save = useMutation({
    mutationFn: (input: I) =>
      editing?.mode === "edit"
        ? apiRequest<T>("PUT", `${config.endpoint}/${String(editing.item.id)}`, input)
        : apiRequest<T>("POST", config.endpoint, input),
    onMutate: renewScope,
    onSuccess: async (saved) => {
      const before = editing?.mode === "edit" ? editing.item.status : undefined;
      toast({ title: savedNotice(config.nounTitle, before, saved.status, config.toasts) });
      setEditing(null);
      await refresh();
    },
    onError: (error) => {
      const field = error instanceof ApiError ? (error.field ?? "") : "";
      const precise = Object.entries(config.toasts.fieldFailed ?? {}).find(([prefix]) => field.startsWith(prefix));
      const description =
        precise?.[1] ?? (editing?.mode === "edit" ? config.toasts.updateFailed : config.toasts.createFailed);
      toast({ title: "Error", description, variant: "destructive" });
    },
  });
  const remove = useMutation({
    mutationFn: (item: T) => apiRequest("DELETE", `${config.endpoint}/${String(item.id)}`),
    onSuccess: async () => {
      toast({ title: config.toasts.deleted });
      await refresh();
    },
    onError: () => {
      toast({ title: "Error", description: config.toasts.deleteFailed, variant: "destructive" });
    },
  });

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
        <ul className="manager__list">
          {(list.data?.items ?? []).map((item) => (
            <li key={item.id} className="card manager__card">
              <Picture
                src={config.cover(item)}
                alt=""
                width={320}
                height={180}
                widths={[320, 640]}
                sizes="(min-width: 700px) 12rem, 92vw"
                className="manager__cover"
              />
              <div className="card__body">
                {config.card(item)}
                <StandingBadge standing={item} />
                <p className="manager__actions">
                  {item.status === "published" && (
                    <a className="button button--quiet" href={config.publicPath(item)} target="_blank" rel="noopener">
                      View<span className="visually-hidden"> {item.title} (opens in a new tab)</span>
                    </a>
                  )}
                  <button
                    className="button button--quiet"
                    type="button"
                    onClick={() => {
                      setEditing({ mode: "edit", item });
                    }}
                  >
                    Edit<span className="visually-hidden"> {item.title}</span>
                  </button>
                  <button
                    className="button button--quiet"
                    type="button"
                    onClick={() => {
                      if (window.confirm(config.confirmDelete)) remove.mutate(item);
                    }}
                  >
                    Delete<span className="visually-hidden"> {item.title}</span>
                  </button>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={pageCount(list.data?.total ?? 0)}
        hrefOf={(n) => addressOf(n, status)}
        onSelect={turnTo}
      />
      <dialog
        ref={dialog}
        className="manager__dialog"
        aria-labelledby={`${dialogId}-title`}
        onKeyDownCapture={(event) => {
          if (event.key !== "Escape") return;
          // Esc is the dialog's to handle, not the browser's, which would close it outright.
          // A window opened inside it (an upload) closes itself; only then the dialog, if
          // nothing typed would be lost.
          event.preventDefault();
          if (!hasOpenLayer(event.currentTarget)) requestClose();
        }}
        onCancel={(event) => {
          event.preventDefault();
          requestClose();
        }}
        onClose={() => {
          setEditing(null);
        }}
      >
        <header className="manager__dialog-header">
          <h2 id={`${dialogId}-title`}>{editing?.mode === "edit" ? `Edit ${config.noun}` : `New ${config.noun}`}</h2>
          <button type="button" className="manager__dialog-close" aria-label="Close" onClick={requestClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <ToastScope.Provider value={scope.signal}>
          {closing && (
            <CloseChoice
              onKeep={() => {
                void autosave.current.flush().then(close);
              }}
              onDiscard={() => {
                void discardAutosave().then(close);
              }}
              onStay={() => {
                setClosing(false);
              }}
            />
          )}
          {editing?.mode === "edit" && editedUrl && (
            <>
              {leftOverAutosave && (
                <AutosaveNotice
                  savedAt={leftOverAutosave.createdAt}
                  onContinue={() => {
                    setResumed({
                      document: asRecord(leftOverAutosave.document),
                      savedAt: new Date(leftOverAutosave.createdAt),
                    });
                    setLeftOverSettled(true);
                    setFormKey((key) => key + 1);
                  }}
                  onDiscard={() => {
                    setLeftOverSettled(true);
                    void discardAutosave();
                  }}
                />
              )}
              <div className="item-tools">
                {editing.item.status === "published" ? (
                  config.published(editing.item)
                ) : (
                  <PreviewLink itemUrl={editedUrl} noun={config.noun} />
                )}
                <RevisionHistory
                  key={formKey}
                  itemUrl={editedUrl}
                  fields={config.historyFields}
                  current={asRecord(editing.item)}
                  onRestored={(restored) => {
                    setEditing({ mode: "edit", item: restored as T });
                    setResumed(null);
                    setLeftOverSettled(true);
                    autosave.current = NO_AUTOSAVE;
                    setFormKey((key) => key + 1);
                    void refresh();
                  }}
                />
              </div>
            </>
          )}
          {editing && (
            <Fragment key={formKey}>
              {config.form({
                item:
                  editing.mode === "edit"
                    ? resumed
                      ? withAutosave(editing.item, resumed.document)
                      : editing.item
                    : undefined,
                resumed: resumed?.document,
                autosave: editedUrl
                  ? {
                      url: `${editedUrl}/autosave`,
                      resumedAt: resumed?.savedAt,
                      onState: (state) => {
                        autosave.current = state;
                        // Work kept since opening supersedes what was left from before.
                        if (state.savedAt && !resumed) setLeftOverSettled(true);
                      },
                    }
                  : undefined,
                pending: save.isPending,
                onSubmit: (input) => {
                  save.mutate(input);
                },
                onCancel: requestClose,
              })}
            </Fragment>
          )}
        </ToastScope.Provider>
      </dialog>
    </div>
  );
}
