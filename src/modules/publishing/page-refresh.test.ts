import { expect, it } from "vitest";
import { rerenderDroppedPages } from "./page-refresh.server";

const change = (droppedPages: string[]) => ({ tags: [], droppedPages, origin: "local" as const });

/**
 * What is rendered, and a promise of the first `count` renders: a test waits for the renders
 * themselves, however slowly a busy machine gets to them.
 */
function renderLog() {
  const rendered: string[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const add = (entry: string) => {
    rendered.push(entry);
    for (const wait of waiting.filter((w) => w.count <= rendered.length)) wait.resolve();
  };
  const firstRenders = async (count: number): Promise<string[]> => {
    if (rendered.length < count) await new Promise<void>((resolve) => waiting.push({ count, resolve }));
    return rendered.slice(0, count);
  };
  return { rendered, add, firstRenders };
}

it("renders each dropped page again through the renderer, one at a time, once the site has an address", async () => {
  const log = renderLog();
  let rendering = 0;
  const render = async (request: Request) => {
    rendering += 1;
    expect(rendering).toBe(1);
    log.add(`${request.url} ${request.headers.get("Accept-Encoding") ?? ""}`);
    await new Promise((resolve) => setImmediate(resolve));
    rendering -= 1;
    return new Response("page");
  };
  const site: { origin?: string } = {};
  const { listener } = rerenderDroppedPages(render, () => site.origin);

  // Before the site listens, there is no address to render a page at.
  void listener(change(["/"]));
  site.origin = "http://127.0.0.1:4321";
  void listener(change(["/", "/post/a"]));
  void listener(change(["/archive?page=2"]));
  expect(await log.firstRenders(3)).toEqual([
    "http://127.0.0.1:4321/ br",
    "http://127.0.0.1:4321/post/a br",
    "http://127.0.0.1:4321/archive?page=2 br",
  ]);
});

it("goes on to the next page when one fails to render", async () => {
  const log = renderLog();
  const render = (request: Request) => {
    log.add(new URL(request.url).pathname);
    return log.rendered.length === 1
      ? Promise.reject(new Error("database away"))
      : Promise.resolve(new Response("page"));
  };
  void rerenderDroppedPages(render, () => "http://site.test").listener(change(["/a", "/b"]));
  expect(await log.firstRenders(2)).toEqual(["/a", "/b"]);
});

it("renders a page dropped by many changes while it waits once, and one dropped while it renders again after", async () => {
  const log = renderLog();
  let finish = () => {};
  const render = (request: Request) => {
    log.add(new URL(request.url).pathname);
    if (log.rendered.length > 1) return Promise.resolve(new Response("page"));
    return new Promise<Response>((resolve) => {
      finish = () => {
        resolve(new Response("page"));
      };
    });
  };
  const { listener } = rerenderDroppedPages(render, () => "http://site.test");
  for (let write = 0; write < 20; write++) void listener(change(["/", "/archive"]));
  expect(await log.firstRenders(1)).toEqual(["/"]);
  // Home changes again while it renders: what that render shows may be from before.
  void listener(change(["/"]));
  finish();
  expect(await log.firstRenders(3)).toEqual(["/", "/archive", "/"]);
});

it("stops: the page under way finishes before the stop does, and nothing waiting or dropped after is rendered", async () => {
  const log = renderLog();
  let finish = () => {};
  let finished = false;
  const render = (request: Request) => {
    log.add(new URL(request.url).pathname);
    return new Promise<Response>((resolve) => {
      finish = () => {
        finished = true;
        resolve(new Response("page"));
      };
    });
  };
  const refresh = rerenderDroppedPages(render, () => "http://site.test");
  void refresh.listener(change(["/", "/archive"]));
  expect(await log.firstRenders(1)).toEqual(["/"]);
  let stopped = false;
  const stopping = refresh.stop().then(() => {
    stopped = true;
  });
  void refresh.listener(change(["/post/a"]));
  // The stop waits on the render under way (the database must not close under it).
  await new Promise((resolve) => setImmediate(resolve));
  expect(stopped).toBe(false);
  finish();
  await stopping;
  expect(finished).toBe(true);
  expect(log.rendered).toEqual(["/"]);
});

it("stops at once when nothing was dropped, and during the pause before a first render renders nothing", async () => {
  const log = renderLog();
  const render = (request: Request) => {
    log.add(new URL(request.url).pathname);
    return Promise.resolve(new Response("page"));
  };
  await rerenderDroppedPages(render, () => "http://site.test").stop();
  const refresh = rerenderDroppedPages(render, () => "http://site.test");
  void refresh.listener(change(["/archive"]));
  await refresh.stop();
  expect(log.rendered).toEqual([]);
});
