// Reach on the JavaScript/TypeScript fixture projects: levels, reasons and exact paths.
import { describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { projectGraph, target } from "./helpers.ts";

describe("js-cjs (CommonJS app, package.json main)", () => {
  test("lodash.template called from a route handler the entry wires up → function", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]));
    expect(r.level).toBe("function");
    expect(r.symbols).toEqual(["lodash.template"]);
    expect(r.paths).toEqual([["src/server.js:main", "src/server.js:5", "src/routes/report.js:11", "lodash.template"]]);
  });

  test("destructured require reached through exports.f = function → function, full chain", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "lodash", [{ path: "lodash", symbols: ["escape"] }]));
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([[
      "src/server.js:main", "src/server.js:5", "src/routes/report.js:10", "src/routes/report.js:6",
      "src/lib/text.js:4", "lodash.escape",
    ]]);
  });

  test("package reached but the vulnerable symbol never called → none", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "lodash", [{ path: "lodash", symbols: ["merge"] }]));
    expect(r.level).toBe("none");
    expect(r.reason).toContain("none of its vulnerable symbols is called");
    expect(r.paths).toEqual([]);
  });

  test("used only by a module nothing imports → none", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "moment"));
    expect(r).toEqual({
      level: "none",
      reason: "moment is used only by code that no entry point reaches (src/lib/legacy.js:2)",
      symbols: [],
      paths: [],
    });
  });

  test("dev dependency used only by tests → none", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "minimist", [], { dev: true }));
    expect(r.level).toBe("none");
    expect(r.reason).toStartWith("dev dependency; minimist is used only by code");
  });

  test("dev dependency used by reachable code → none: dev-only dependencies are never reachable from production", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }], { dev: true, source: "package-lock.json" }));
    expect(r).toEqual({
      level: "none",
      reason: "dev-only dependency (package-lock.json), not installed for production; used by code run outside production at src/lib/text.js:1",
      symbols: [],
      paths: [],
    });
  });

  test("no symbols known → package level, calls preferred, shortest first", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "express"));
    expect(r.level).toBe("package");
    expect(r.symbols).toEqual([]);
    expect(r.paths).toEqual([
      ["src/server.js:main", "src/server.js:4", "express"],
      ["src/server.js:main", "src/server.js:5", "express.get"],
      ["src/server.js:main", "src/server.js:6", "express.listen"],
      // The response Express hands the route handler: its send() is express code.
      ["src/server.js:main", "src/server.js:5", "src/routes/report.js:12", "express.response.send"],
    ]);
  });

  test("transitive dependency whose parent is used by reachable code → unknown", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "qs", [], { direct: false, chain: ["js-cjs-app", "express", "body-parser", "qs"] }));
    expect(r.level).toBe("unknown");
    expect(r.reason).toBe("reached through express (used at src/routes/report.js:12), whose code is not in the checkout");
    expect(r.paths).toEqual([]);
  });

  test("transitive dependency whose parent is used only by tests → none", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "ms", [], { direct: false, chain: ["js-cjs-app", "debug", "ms"] }));
    expect(r.level).toBe("none");
    expect(r.reason).toBe("ms comes in through debug, which no reachable code uses");
  });

  test("an indirect package whose parent the inventory does not name (no edges) → unknown, not none", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "left-pad", [], { direct: false, chain: ["js-cjs-app", "left-pad"], source: "node_modules/left-pad/package.json" }));
    expect(r).toEqual({
      level: "unknown",
      reason: "left-pad is not imported by the project's code; it comes in through a dependency that node_modules/left-pad/package.json does not name, so whether that code uses it is not known",
      symbols: [],
      paths: [],
    });
  });

  test("a package nobody imports → none", async () => {
    const r = reach(await projectGraph("js-cjs"), target("npm", "left-pad"));
    expect(r).toEqual({ level: "none", reason: "left-pad is not imported by the project's code", symbols: [], paths: [] });
  });
});

describe("js-esm (ESM, bin and exports entries, re-exports)", () => {
  test("import { template as compile } → function from the bin entry", async () => {
    const r = reach(await projectGraph("js-esm"), target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]));
    expect(r.paths).toEqual([["bin/render.mjs:bin", "bin/render.mjs:4", "src/cli.js:7", "lodash.template"]]);
  });

  test("import * as ns → ns.load", async () => {
    const r = reach(await projectGraph("js-esm"), target("npm", "js-yaml", [{ path: "js-yaml", symbols: ["load"] }]));
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["bin/render.mjs:bin", "bin/render.mjs:4", "src/cli.js:8", "js-yaml.load"]]);
  });

  test("default import of lodash/merge through export { } from a barrel → lodash.merge", async () => {
    const r = reach(await projectGraph("js-esm"), target("npm", "lodash", [{ path: "lodash", symbols: ["merge"] }]));
    expect(r.symbols).toEqual(["lodash.merge"]);
    expect(r.paths).toEqual([["bin/render.mjs:bin", "bin/render.mjs:4", "src/cli.js:6", "src/util/config.js:5", "lodash.merge"]]);
  });

  test("a library's exported function is an entry (its users call it); export * re-export", async () => {
    const r = reach(await projectGraph("js-esm"), target("npm", "lodash", [{ path: "lodash", symbols: ["padStart"] }]));
    expect(r.paths).toEqual([["src/index.js:exports", "src/index.js:5", "src/util/format.js:3", "lodash.padStart"]]);
  });
});

describe("unknown", () => {
  test("dynamic require(expression) in reachable code", async () => {
    const r = reach(await projectGraph("js-dynamic"), target("npm", "js-yaml", [{ path: "js-yaml", symbols: ["load"] }]));
    expect(r.level).toBe("unknown");
    expect(r.reason).toBe(
      "dynamic import `require(path.join(__dirname, 'plugins', name))` at index.js:5 in reachable code; what it loads cannot be known",
    );
  });

  test("a file on the path that fails to parse", async () => {
    const r = reach(await projectGraph("js-parse-error"), target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]));
    expect(r.level).toBe("unknown");
    expect(r.reason).toBe("lib/broken.js is reachable but could not be fully analysed (syntax error at line 3 (analysed only partly))");
  });

  test("the fallback entry (no package.json) is marked as assumed", async () => {
    const g = await projectGraph("js-dynamic");
    expect(g.entries.map((e) => [e.label, e.reason])).toEqual([
      ["index.js:main", "no package.json entry point: assumed from the conventional file name"],
    ]);
  });
});

describe("ts-app (TypeScript: dist main → src, classes, this.m(), new X)", () => {
  test("class field arrow function called via this.compile() → function", async () => {
    const r = reach(await projectGraph("ts-app"), target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]));
    expect(r.paths).toEqual([[
      "src/index.ts:main", "src/index.ts:8", "src/index.ts:9", "src/services/report.ts:14", "src/services/report.ts:6", "lodash.template",
    ]]);
  });

  test("inherited method through extends → package level", async () => {
    const r = reach(await projectGraph("ts-app"), target("npm", "axios"));
    expect(r.level).toBe("package");
    expect(r.paths[0]).toEqual([
      "src/index.ts:main", "src/index.ts:8", "src/index.ts:9", "src/services/report.ts:13", "src/services/base.ts:6", "axios.post",
    ]);
  });

  test("TSX component nothing imports → none", async () => {
    const r = reach(await projectGraph("ts-app"), target("npm", "jsonwebtoken", [{ path: "jsonwebtoken", symbols: ["verify"] }]));
    expect(r.level).toBe("none");
  });

  test("package.json main dist/index.js maps to its source", async () => {
    const g = await projectGraph("ts-app");
    expect(g.entries.map((e) => [e.label, e.reason])).toEqual([
      ["src/index.ts:main", "\"main\" of package.json (source of dist/index.js)"],
    ]);
  });
});
