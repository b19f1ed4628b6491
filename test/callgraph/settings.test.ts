// Entry settings: glob checks shared by the API and the CLI, and the exclude matcher.
import { describe, expect, test } from "bun:test";
import { checkGlobs, globIssue, normalizeGlobs, parseGlobList, pathMatcher } from "../../src/scan/reach/settings.ts";

describe("globIssue", () => {
  test.each([
    ["src/**/*.ts", null],
    ["scripts/run.js", null],
    ["", "must not be empty"],
    ["/abs/x.js", "must be relative to the repository root"],
    ["C:/x", "must be relative to the repository root"],
    ["~/x", "must be relative to the repository root"],
    ["a/../b", "must not contain .."],
    ["..", "must not contain .."],
    ["a\\b", "must use / as the path separator"],
    ["a\u0000b", "must not contain control characters"],
    ["x".repeat(301), "must be at most 300 characters"],
  ])("%p → %p", (glob, issue) => {
    expect(globIssue(glob)).toBe(issue);
  });

  test("lists: count limit, element fields", () => {
    expect(checkGlobs("entry_points", Array(101).fill("a"))).toEqual([{ field: "entry_points", issue: "must have at most 100 entries" }]);
    expect(checkGlobs("exclude_paths", ["ok", "/no"])).toEqual([{ field: "exclude_paths[1]", issue: "must be relative to the repository root" }]);
  });

  test("normalised: trimmed, ./ dropped, duplicates removed", () => {
    expect(normalizeGlobs([" ./a/*.js ", "a/*.js", "b"])).toEqual(["a/*.js", "b"]);
  });

  test("stored lists: damaged or hostile values read as no settings", () => {
    expect(parseGlobList('["a", 3, "/etc"]')).toEqual(["a"]);
    expect(parseGlobList("{")).toEqual([]);
    expect(parseGlobList('{"a":1}')).toEqual([]);
    expect(parseGlobList(null)).toEqual([]);
  });
});

describe("pathMatcher", () => {
  test("a glob matches a file or any directory above it", () => {
    const m = pathMatcher(["vendor", "legacy/**", "*.gen.ts", "build/"]);
    expect(m("vendor/a/b.py")).toBe(true);
    expect(m("legacy/x.js")).toBe(true);
    expect(m("src/api.gen.ts")).toBe(false); // * does not cross directories
    expect(m("api.gen.ts")).toBe(true);
    expect(m("build/out.js")).toBe(true);
    expect(m("src/vendor.js")).toBe(false);
    expect(m("vendored/a.py")).toBe(false);
  });

  test("no globs match nothing", () => {
    expect(pathMatcher([])("a")).toBe(false);
    expect(pathMatcher(undefined)("a")).toBe(false);
  });
});
