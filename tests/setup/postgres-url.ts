/** Databases made by this test run share this prefix, so teardown can find them all. */
export const RUN_PREFIX = `meh_test_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}_`;

/** The URL of database `name` on the same server as `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
