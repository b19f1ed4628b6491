import { describe, expect, test } from "bun:test";
import { parseAffectedFunction, vulnerableImports } from "../../src/scan/advisories/symbols.ts";

describe("GHSA affected_functions", () => {
  const table: [string, string, object | null][] = [
    ["(lodash).defaultsDeep", "lodash", { path: "lodash", symbols: ["defaultsDeep"] }],
    ["(lodash-es).defaultsDeep", "lodash-es", { path: "lodash-es", symbols: ["defaultsDeep"] }],
    ["lodash.template", "lodash", { path: "lodash", symbols: ["template"] }],
    ["lodash.template", "lodash-es", { path: "lodash-es", symbols: ["template"] }],
    ["(minimist)", "minimist", { path: "minimist", symbols: [] }],
    ["(lodash.defaultsdeep)", "lodash.defaultsdeep", { path: "lodash.defaultsdeep", symbols: [] }],
    ["lodash.defaultsdeep", "lodash.defaultsdeep", { path: "lodash.defaultsdeep", symbols: [] }],
    ["lodash/template", "lodash", { path: "lodash/template", symbols: [] }],
    ["", "lodash", null],
    ["   ", "lodash", null],
  ];
  for (const [raw, pkg, want] of table) test(`${JSON.stringify(raw)} in ${pkg}`, () => expect(parseAffectedFunction(raw, "npm", pkg)).toEqual(want as never));
  test("PyPI dotted paths split at the last dot", () => {
    expect(parseAffectedFunction("PIL.ImageMath.eval", "PyPI", "pillow")).toEqual({ path: "PIL.ImageMath", symbols: ["eval"] });
  });
});

describe("vulnerableImports", () => {
  test("OSV imports and GHSA functions merge per path", () => {
    const es = {
      imports: [{ path: "lodash", symbols: ["template", ""] }, { path: "lodash/template", symbols: [] }, { path: 5 }, "junk"],
      affected_functions: ["(lodash).templateSettings", "lodash.template", "", 42],
    };
    expect(vulnerableImports(es, "npm", "lodash")).toEqual([
      { path: "lodash", symbols: ["template", "templateSettings"] },
      { path: "lodash/template", symbols: [] },
    ]);
  });
  test("a package-wide entry means any use counts", () => {
    expect(vulnerableImports({ affected_functions: ["(minimist)"] }, "npm", "minimist")).toEqual([]);
    expect(vulnerableImports({ imports: [{ path: "minimist", symbols: [] }, { path: "minimist", symbols: ["x"] }] }, "npm", "minimist")).toEqual([]);
  });
  test("empty strings only → nothing known", () => {
    expect(vulnerableImports({ affected_functions: [""] }, "npm", "lodash")).toEqual([]);
    expect(vulnerableImports(null, "npm", "lodash")).toEqual([]);
  });
  test("PyPI import path differs from the package name", () => {
    expect(vulnerableImports({ imports: [{ path: "yaml", symbols: ["full_load", "load"] }] }, "PyPI", "pyyaml")).toEqual([{ path: "yaml", symbols: ["full_load", "load"] }]);
  });
});
