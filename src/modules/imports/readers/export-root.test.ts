import { describe, expect, it } from "vitest";
import { exportRoot, pathsUnder } from "./export-root";

const finder = (paths: string[]) => exportRoot(paths, (root) => paths.includes(`${root}posts.csv`));

describe("exportRoot", () => {
  it("finds an export at the zip's top, or in the one folder around everything, Mac leftovers aside", () => {
    expect(finder(["posts.csv", "posts/1.a.html"])).toBe("");
    expect(finder(["blog/posts.csv", "blog/posts/1.a.html", "__MACOSX/blog/._posts.csv", "blog/.DS_Store"])).toBe(
      "blog/",
    );
  });

  it("gives null when the marker is nowhere, deeper down, or beside a second folder", () => {
    expect(finder(["notes.txt"])).toBeNull();
    expect(finder(["a/b/posts.csv"])).toBeNull();
    expect(finder(["a/posts.csv", "b/other.txt"])).toBeNull();
  });
});

describe("pathsUnder", () => {
  it("gives the files under a root by their path there, without the zip's junk", () => {
    expect(pathsUnder(["blog/a.md", "blog/.DS_Store", "other/b.md"], "blog/")).toEqual(["a.md"]);
  });
});
