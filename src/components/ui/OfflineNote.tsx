/** Said quietly above results that came from the offline index rather than the live search. */
export function OfflineNote() {
  return (
    <p className="offline-note meta">
      The live search is having a lie-down, so these are offline results. They may be a little behind.
    </p>
  );
}
