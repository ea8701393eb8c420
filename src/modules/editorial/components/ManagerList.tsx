import { Picture } from "@/components/ui/Picture";
import type { ManagedItem, ManagerConfig } from "./manager-config";
import { StandingBadge } from "./StatusFilterBar";

/** A page of the manager's items as cards, each with where it stands and its View, Edit and Delete. */
export function ManagerList<T extends ManagedItem, I>({
  config,
  items,
  onEdit,
  onDelete,
}: {
  config: ManagerConfig<T, I>;
  items: readonly T[];
  onEdit: (item: T) => void;
  /** The owner confirmed deleting it. */
  onDelete: (item: T) => void;
}) {
  return (
    <ul className="manager__list">
      {items.map((item) => (
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
                  onEdit(item);
                }}
              >
                Edit<span className="visually-hidden"> {item.title}</span>
              </button>
              <button
                className="button button--quiet"
                type="button"
                onClick={() => {
                  if (window.confirm(config.confirmDelete)) onDelete(item);
                }}
              >
                Delete<span className="visually-hidden"> {item.title}</span>
              </button>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
