import { describe, expect, it } from "vitest";
import { routedPath, siteAreaOf } from "./routed-path";

describe("siteAreaOf", () => {
  it.each([
    // Spellings a check of the text as written let through.
    ["a dot segment before a double slash", "/.//api/objects/upload-url", "api"],
    ["an escaped dot before a double slash", "/%2e//api/objects/upload-url", "api"],
    ["a step back before a double slash", "/x/..//api/objects/upload-url", "api"],
    ["an escaped slash after a dot segment", "/./%2fapi/objects/upload-url", "api"],
    ["upper-case escaped dots", "/%2E%2E/api/objects/upload-url", "api"],
    ["an escape escaped again", "/%2561pi/objects/upload-url", "api"],
    ["an escaped step back", "/uploads/..%2fapi/objects/upload-url", "api"],
    ["an escaped backslash", "/%5capi/objects/upload-url", "api"],
    ["backslashes, which the browser reads as slashes", "/uploads\\..\\api/objects/upload-url", "api"],
    ["a tab inside the name", "/a\tpi/objects/upload-url", "api"],
    ["a line break inside the name", "/ap\ni/objects/upload-url", "api"],
    ["the API itself", "/api", "api"],
    ["the API with a trailing slash", "/api/", "api"],
    ["upper case", "/API/objects/upload-url", "api"],
    ["an escaped letter", "/%61pi/posts", "api"],
    ["a full URL, whatever its host", "https://same-host.example/api/objects/upload-url", "api"],
    ["a query behind the API", "/api/objects/upload-url?contentType=image/png", "api"],
    ["the admin pages", "/admin", "admin"],
    ["an admin page behind a dot segment", "/./admin//posts", "admin"],
    // What stays outside both.
    ["an uploaded image", "/uploads/images/abc.jpg", null],
    ["a font", "/fonts/house.woff2", null],
    ["a name that only starts like the API", "/apiary/bees.png", null],
    ["a name that only starts like the admin pages", "/administrivia.png", null],
    ["a protocol-relative URL, read for its path like a full one", "//evil.example/api/x", "api"],
    ["a backslash after the first slash, another host", "/\\api/objects/upload-url", null],
    ["a data: URI", "data:image/png;base64,iVBORw0KGgo=", null],
    ["a protocol-relative URL elsewhere", "//evil.example/x.png", null],
    ["a fragment", "#blur", null],
    ["a javascript: URL", "javascript:alert(1)", null],
  ])("reads %s (%j) as %j", (_name, ref, area) => {
    expect(siteAreaOf(ref)).toBe(area);
  });
});

describe("routedPath", () => {
  it("resolves, decodes and joins as the browser and the router would, and further", () => {
    expect(routedPath("/x/..//%2561pi/./Objects")).toBe("/api/objects");
    expect(routedPath("/uploads/images/a.jpg")).toBe("/uploads/images/a.jpg");
    expect(routedPath("/../../..")).toBe("/");
    expect(routedPath("/%zz/a")).toBe("/%zz/a");
  });

  it("gives nothing for what a browser would not load over http(s)", () => {
    expect(routedPath("data:image/png;base64,iVBORw0KGgo=")).toBeNull();
    expect(routedPath("mailto:someone@example.com")).toBeNull();
    expect(routedPath("http://[::1")).toBeNull();
  });
});
