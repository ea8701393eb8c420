/** Who a request's session belongs to: what a route may check, as `Astro.locals.user`. */
export interface SessionUser {
  id: number;
  username: string;
  role: string;
}
