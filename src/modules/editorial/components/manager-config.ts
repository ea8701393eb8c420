import type { ReactNode } from "react";
import type { DiffField } from "../word-diff";
import type { KeptKind } from "./kept-new-work";
import type { Standing } from "./PublicationActions";
import type { AutosaveTarget } from "./use-autosave";

/** An item as the admin lists it: the spec's fields, and where it stands. */
export interface ManagedItem extends Standing {
  id: number;
  slug: string;
  title: string;
}

/** What one kind's manager says of itself; the shell draws the rest. */
export interface ManagerConfig<T extends ManagedItem, I> {
  /**
   * The list endpoint (from the domain's `keys.ts`), read a page at a time, which creates
   * too; items are written at `${endpoint}/{id}`.
   */
  endpoint: string;
  heading: string;
  newLabel: string;
  loadingText: string;
  /** What an item is called in the dialog's name: "post", "video"; its revisions' kind. */
  noun: KeptKind;
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
  /** Where the form keeps its work as it goes. */
  autosave?: AutosaveTarget;
  /**
   * The autosave the form continues, whole: for an edit, what the item itself has no field
   * for (a gallery); for a new item, the work kept in this browser it opens on.
   */
  resumed?: Readonly<Record<string, unknown>>;
  pending: boolean;
  onSubmit: (input: I) => void;
  onCancel: () => void;
}

/** What the dialog is doing: creating, editing one item, or nothing (closed). */
export type Editing<T> = { mode: "new" } | { mode: "edit"; item: T } | null;
