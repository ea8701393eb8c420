/** The active theme (`GET /api/css/current`), and its React Query key's first element. */
export const currentThemeKey = "/api/css/current";

/** The newest revisions (`GET /api/css/revisions`). */
export const revisionsKey = "/api/css/revisions";

/** One revision with its CSS (`GET /api/css/revisions/{id}`). */
export const revisionKey = (id: number): string => `/api/css/revisions/${id}`;

/** The active stylesheet; `v` pins a revision (immutable), `t` asks past any cache (SPEC §4). */
export const STYLESHEET_PATH = "/api/css/current/styles.css";
