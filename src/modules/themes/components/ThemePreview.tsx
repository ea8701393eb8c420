import { useEffect, useId, useRef, useState } from "react";
import { applyDraft, previewUrl } from "../draft-preview";

export interface PreviewPage {
  label: string;
  path: string;
}

interface Props {
  /** The CSS the preview wears: the draft, or a revision being looked at. */
  css: string;
  pages: readonly PreviewPage[];
}

const WIDTHS = { desktop: 1280, mobile: 390 } as const;
type Device = keyof typeof WIDTHS;
// How tall the framed page is on screen.
const VIEW_HEIGHT = 720;
/**
 * The preview is never drawn smaller than this, so its text stays readable: where the
 * editor area is narrower than a desktop page at this scale, the framed page is made
 * narrower instead (still wider than a phone's).
 */
export const MIN_PREVIEW_SCALE = 0.75;
// Typing is followed at this pace rather than on every keystroke.
const APPLY_DELAY_MS = 150;

/**
 * A real page of the site in a frame, as a visitor sees it (no admin controls), at desktop
 * or phone width (scaled down to fit, never below `MIN_PREVIEW_SCALE`), wearing the draft
 * before anything is saved. Links and searches inside it stay in the
 * preview: every page it shows is asked for as a preview, which alone may be framed.
 */
export default function ThemePreview({ css, pages }: Props) {
  const id = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  // On a phone the desktop page would be a thumbnail; its own width is the useful view.
  const [device, setDevice] = useState<Device>(() => (window.innerWidth < 700 ? "mobile" : "desktop"));
  const [path, setPath] = useState(pages[0]?.path ?? "/");
  const [available, setAvailable] = useState(0);
  const cssRef = useRef(css);
  cssRef.current = css;

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      setAvailable(entry?.contentRect.width ?? 0);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);

  const apply = () => {
    const doc = frame.current?.contentDocument;
    if (doc) applyDraft(doc, cssRef.current);
  };

  useEffect(() => {
    const timer = window.setTimeout(apply, APPLY_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [css]);

  /** Keep the frame's navigation inside the preview: a link or a search becomes the preview of its page. */
  const followInside = () => {
    const doc = frame.current?.contentDocument;
    const view = doc?.defaultView;
    if (!doc || !view) return;
    apply();
    doc.addEventListener(
      "click",
      (event) => {
        const link = (event.target as Element | null)?.closest("a[href]");
        if (!(link instanceof view.HTMLAnchorElement) || link.origin !== window.location.origin) return;
        event.preventDefault();
        setPath(link.pathname + link.search);
      },
      true,
    );
    doc.addEventListener(
      "submit",
      (event) => {
        const form = event.target;
        if (!(form instanceof view.HTMLFormElement) || form.method.toLowerCase() !== "get") return;
        const target = new URL(form.action, window.location.origin);
        if (target.origin !== window.location.origin) return;
        event.preventDefault();
        const query = new URLSearchParams();
        for (const [name, value] of new FormData(form)) if (typeof value === "string") query.append(name, value);
        setPath(`${target.pathname}?${query.toString()}`);
      },
      true,
    );
  };

  const width =
    device === "desktop" && available > 0
      ? Math.min(WIDTHS.desktop, Math.floor(available / MIN_PREVIEW_SCALE))
      : WIDTHS[device];
  const scale = available > 0 ? Math.min(1, available / width) : 1;
  const known = pages.some((page) => page.path === path);

  return (
    <section className="theme-preview" aria-labelledby={`${id}-title`}>
      <div className="theme-preview__bar">
        <h2 id={`${id}-title`}>Live preview</h2>
        <label className="theme-preview__page">
          <span className="visually-hidden">Page to preview</span>
          <select
            value={path}
            onChange={(event) => {
              setPath(event.target.value);
            }}
          >
            {!known && <option value={path}>{path}</option>}
            {pages.map((page) => (
              <option key={page.path} value={page.path}>
                {page.label}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label="Preview width">
          {(Object.keys(WIDTHS) as Device[]).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={device === option}
              onClick={() => {
                setDevice(option);
              }}
            >
              {option === "desktop" ? "Desktop" : "Mobile"}
            </button>
          ))}
        </div>
      </div>
      <div className="theme-preview__viewport" ref={viewport} style={{ height: VIEW_HEIGHT }}>
        <iframe
          ref={frame}
          title="Preview of the site with this theme"
          src={previewUrl(path)}
          onLoad={followInside}
          style={{
            width,
            height: VIEW_HEIGHT / scale,
            transform: `scale(${scale})`,
            marginInline: device === "mobile" && available > width ? "auto" : undefined,
          }}
        />
      </div>
    </section>
  );
}
