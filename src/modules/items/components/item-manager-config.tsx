import type { ManagedItem, ManagerConfig } from "@/modules/editorial/components/manager-config";
import { EmailThis } from "@/modules/newsletter/components/EmailThis";
import { ManagedItemCard, type ManagedCardItem, type ManagedCardLook } from "./ManagedItemCard";

/** What one kind says of its manager; its headings, notices and questions follow from its name. */
export type ItemManagerSpec<T extends ManagedItem, I> = Pick<
  ManagerConfig<T, I>,
  "endpoint" | "loadingText" | "publicPath" | "historyFields" | "cover" | "form"
> &
  Partial<Pick<ManagerConfig<T, I>["toasts"], "fieldFailed">> & {
    noun: "post" | "video";
    /** What a failure's notice calls an item: "blog post", "video". */
    failureNoun: string;
    card: ManagedCardLook<T>;
  };

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
