/** What a module sees of Vite's `import.meta.hot`: its data outlives the module's own run. */
interface HotData {
  data: Record<string, unknown>;
}

/** A value one process shares, made on first use, which the wiring or a test may set instead. */
export interface ProcessValue<T> {
  get(): T;
  /** Use `value` from now on; undefined to make it again on next use. */
  set(value: T | undefined): void;
}

/**
 * One value for the whole process (its database, its stored pages), made by `make` on first
 * use. Under `npm run dev`, Vite runs a changed module again, and a plain module variable
 * would be made anew: a second database opened, the wiring's listeners lost. So the value
 * is kept in the module's hot data (`import.meta.hot`, which a build and a test leave
 * undefined) under `name`.
 *
 * @example
 * const held = processValue(import.meta.hot, "database", () => createDb(settings().databaseUrl));
 */
export function processValue<T>(hot: HotData | undefined, name: string, make: () => T): ProcessValue<T> {
  let current = hot?.data[name] as T | undefined;
  return {
    get() {
      current ??= make();
      if (hot) hot.data[name] = current;
      return current;
    },
    set(value) {
      current = value;
      if (hot) hot.data[name] = value;
    },
  };
}
