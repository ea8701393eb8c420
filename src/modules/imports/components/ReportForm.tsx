import { useState } from "react";
import { CheckboxField } from "@/components/admin/FormControls";
import { CATEGORIES, type Category } from "@/lib/categories";
import type { ImportOptions, ImportReport } from "../import-schemas";
import { SOURCE_NAMES } from "../import-words";

const n = (value: number) => value.toLocaleString("en");
const counted = (value: number, one: string) => `${n(value)} ${value === 1 ? one : `${one}s`}`;

function Counts({ report }: { report: ImportReport }) {
  const { items, images } = report;
  return (
    <dl className="import-counts" aria-label="What the export holds">
      <div>
        <dt>Posts</dt>
        <dd>{n(items.posts)}</dd>
      </div>
      {items.pages > 0 && (
        <div>
          <dt>Pages</dt>
          <dd>{n(items.pages)}</dd>
        </div>
      )}
      {items.videos > 0 && (
        <div>
          <dt>Videos</dt>
          <dd>{n(items.videos)}</dd>
        </div>
      )}
      <div>
        <dt>Images</dt>
        <dd>{n(images.total)}</dd>
      </div>
      <div>
        <dt>Old addresses kept</dt>
        <dd>{n(report.oldPaths)}</dd>
      </div>
    </dl>
  );
}

/** Everything the dry run found that the owner should know before saying yes. */
function Findings({ report }: { report: ImportReport }) {
  const { items, images } = report;
  const skipped = Object.entries(report.skipped).filter(([, count]) => count > 0);
  return (
    <div className="import-findings">
      <p>
        {n(items.published)} published, {counted(items.drafts, "draft")}
        {items.scheduled > 0 && `, ${n(items.scheduled)} scheduled`}.
        {items.alreadyImported > 0 && ` ${n(items.alreadyImported)} were imported before and stay as they are.`}
      </p>
      {items.videos > 0 && (
        <p>
          The {counted(items.videos, "video")} stay behind: an import brings posts. To bring a whole site, videos and
          all, restore its archive (see Your data).
        </p>
      )}
      <p>
        Images: {n(images.inExport)} in the export, {n(images.toFetch)} to fetch from the old site
        {images.missingCount > 0 && `, ${n(images.missingCount)} missing`}.
      </p>
      {images.missingCount > 0 && (
        <details>
          <summary>Missing images ({n(images.missingCount)})</summary>
          <ul className="import-list">
            {images.missing.map((m) => (
              <li key={m.ref}>
                <code>{m.ref}</code> in “{m.item}”: {m.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.slugClashCount > 0 && (
        <details>
          <summary>Addresses already taken ({n(report.slugClashCount)})</summary>
          <ul className="import-list">
            {report.slugClashes.map((c) => (
              <li key={c.item + c.slug}>
                “{c.item}”: <code>{c.slug}</code> is taken, so it becomes <code>{c.becomes}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
      {(report.dropped.length > 0 || skipped.length > 0) && (
        <details>
          <summary>Left behind</summary>
          <ul className="import-list">
            {skipped.map(([what, count]) => (
              <li key={what}>
                {n(count)} {what}
              </li>
            ))}
            {report.dropped.map((d) => (
              <li key={d.what}>
                {d.what} (in {n(d.count)} {d.count === 1 ? "post" : "posts"})
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.refused.length > 0 && (
        <details open>
          <summary>Cannot be imported ({n(report.refused.length)})</summary>
          <ul className="import-list">
            {report.refused.map((r) => (
              <li key={r.item}>
                “{r.item}”: {r.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** Where each of the old site's categories and tags goes; those left to the default go there. */
function TermMap({
  report,
  options,
  onChange,
}: {
  report: ImportReport;
  options: ImportOptions;
  onChange: (options: ImportOptions) => void;
}) {
  const setTerm = (term: string, value: string) => {
    const others = Object.entries(options.categories).filter(([name]) => name !== term);
    const categories = Object.fromEntries(value ? [...others, [term, value as Category]] : others);
    onChange({ ...options, categories });
  };
  return (
    <fieldset className="import-terms">
      <legend>Categories</legend>
      <div className="field">
        <label htmlFor="import-default-category">Anything not matched below goes to</label>
        <select
          id="import-default-category"
          value={options.defaultCategory}
          onChange={(e) => {
            onChange({ ...options, defaultCategory: e.target.value as Category });
          }}
        >
          {CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </div>
      {report.terms.length > 0 && (
        <div className="import-table-wrap">
          <table className="import-table import-table--terms">
            <caption className="visually-hidden">The old site&apos;s categories and tags</caption>
            <thead>
              <tr>
                <th scope="col">On the old site</th>
                <th scope="col">Here</th>
              </tr>
            </thead>
            <tbody>
              {report.terms.map((term, index) => (
                <tr key={term.name}>
                  <th scope="row">
                    {term.name} <span className="meta">({counted(term.count, "post")})</span>
                  </th>
                  <td>
                    <select
                      aria-label={`Category for ${term.name}`}
                      id={`import-term-${String(index)}`}
                      value={options.categories[term.name] ?? ""}
                      onChange={(e) => {
                        setTerm(term.name, e.target.value);
                      }}
                    >
                      <option value="">The default</option>
                      {CATEGORIES.map((c) => (
                        <option key={c}>{c}</option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </fieldset>
  );
}

/** The options the report suggests: each term's category by its name, nothing published, no pages. */
export function suggestedOptions(report: ImportReport): ImportOptions {
  const categories: Record<string, Category> = {};
  for (const term of report.terms) if (term.suggested) categories[term.name] = term.suggested;
  return { defaultCategory: "Meh Moments", categories, keepPublished: false, includePages: false };
}

/** The dry run's report, and the owner's answers to it; "Import" sends them. */
export function ReportForm({
  report,
  pending,
  onImport,
  onCancel,
}: {
  report: ImportReport;
  pending: boolean;
  onImport: (options: ImportOptions) => void;
  onCancel: () => void;
}) {
  const [options, setOptions] = useState<ImportOptions>(() => suggestedOptions(report));
  return (
    <form
      className="import-report"
      onSubmit={(e) => {
        e.preventDefault();
        onImport(options);
      }}
    >
      <h3>
        A {SOURCE_NAMES[report.source]} export{report.siteUrl && <> from {report.siteUrl}</>}
      </h3>
      <p className="meta">Nothing has been written yet.</p>
      <Counts report={report} />
      <Findings report={report} />
      <TermMap report={report} options={options} onChange={setOptions} />
      <fieldset>
        <legend>Publishing</legend>
        <CheckboxField
          id="import-keep-published"
          label="Keep published posts published (otherwise everything arrives as a draft)"
          checked={options.keepPublished}
          onChange={(keepPublished) => {
            setOptions({ ...options, keepPublished });
          }}
        />
        {report.items.pages > 0 && (
          <CheckboxField
            id="import-include-pages"
            label={
              report.items.pages === 1
                ? "Bring the page in as a post too"
                : `Bring the ${n(report.items.pages)} pages in as posts too`
            }
            checked={options.includePages}
            onChange={(includePages) => {
              setOptions({ ...options, includePages });
            }}
          />
        )}
        <p className="meta">Nothing is emailed to subscribers.</p>
      </fieldset>
      <div className="import-actions">
        <button className="button" type="submit" disabled={pending}>
          Import
        </button>
        <button className="button button--quiet" type="button" disabled={pending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
