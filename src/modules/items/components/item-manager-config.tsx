import type { ReactNode } from "react";
import type { FormProps, ManagedItem, ManagerConfig } from "@/modules/editorial/components/manager-config";
import type { DiffField } from "@/modules/editorial/word-diff";
import { EmailThis } from "@/modules/newsletter/components/EmailThis";
import { ManagedItemCard, type ManagedCardItem, type ManagedCardLook } from "./ManagedItemCard";

/** What one kind says of its manager; its headings, notices and questions follow from its name. */
export interface ItemManagerSpec<T, I> {
  noun: "post" | "video";
  /** The list endpoint, from the kind's `keys.ts`. */
  endpoint: string;
  loadingText: string;
  /** What a failure's notice calls an item: "blog post", "video". */
  failureNoun: string;
  /** A more precise failure text when the server names a field under one of these prefixes. */
  fieldFailed?: Record<string, string>;
  /** Where an item is seen by visitors. */
  publicPath: (item: T) => string;
  /** The text fields the history compares, in order, with what the form calls them. */
  historyFields: readonly DiffField[];
  /** The item's picture (cover, poster), shown on its card. */
  cover: (item: T) => string;
  card: ManagedCardLook<T>;
  form: (props: FormProps<T, I>) => ReactNode;
}

/**
 * A kind's manager, as the shell draws it: "Posts", "New Post", "Post Created" and the
 * rest named after the kind, a published item offered to subscribers ("Email this").
 */
export function itemManagerConfig<T extends ManagedItem & ManagedCardItem, I>(
  spec: ItemManagerSpec<T, I>,
): ManagerConfig<T, I> {
  const { noun, failureNoun } = spec;
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
  return {
    endpoint: spec.endpoint,
    heading: `${title}s`,
    newLabel: `New ${title}`,
    loadingText: spec.loadingText,
    noun,
    nounTitle: title,
    publicPath: spec.publicPath,
    confirmDelete: `Are you sure you want to delete the ${noun}.`,
    toasts: {
      created: `${title} Created`,
      updated: `${title} Updated`,
      deleted: `${title} Deleted`,
      createFailed: `Failed to create ${failureNoun}.`,
      updateFailed: `Failed to update ${failureNoun}.`,
      deleteFailed: `Failed to delete ${failureNoun}.`,
      fieldFailed: spec.fieldFailed,
    },
    published: (item) => <EmailThis field={`${noun}Ids`} itemId={item.id} noun={noun} />,
    historyFields: spec.historyFields,
    card: (item) => <ManagedItemCard item={item} look={spec.card} />,
    cover: spec.cover,
    form: spec.form,
  };
}
