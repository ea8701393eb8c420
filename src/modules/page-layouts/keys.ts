/** A page's layout (`GET /api/layouts/{pageName}`), and its React Query key. */
export const layoutKey = (pageName: string): string => `/api/layouts/${pageName}`;

/** A page's layout as a list of none or one (`GET /api/layouts?page=`), which never answers 404. */
export const layoutsUrl = (pageName: string): string => `/api/layouts?page=${encodeURIComponent(pageName)}`;

/** A layout's history (`GET /api/layouts/{id}/versions`). */
export const versionsKey = (id: number): string => `/api/layouts/${id}/versions`;

/** A page's published layout as a stylesheet; `v` names its bytes, so what it answers never changes. */
export const layoutStylesheetPath = (pageName: string, tag: string): string =>
  `/api/layouts/${pageName}/styles.css?v=${tag}`;
