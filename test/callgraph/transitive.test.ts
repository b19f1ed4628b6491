// `transitive`: dependency code committed in the checkout (node_modules, vendor/, site-packages/)
// is analysed for the packages the app uses, and a path app → dependency code → vulnerable
// package earns the level, with the path through the dependency's files.
import { describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildProjectGraph, callgraphJson, type ProjectGraph } from "../../src/scan/callgraph/index.ts";
import { reach } from "../../src/scan/reach/index.ts";
import { PROJECTS, target } from "./helpers.ts";
import { cleanup, cli, tempDir } from "../support/server.ts";

const graphs = new Map<string, Promise<ProjectGraph>>();
/** Built as a scan builds it: the vulnerable package stays external. */
const graph = (name: string, keep: string[]): Promise<ProjectGraph> => {
  const key = `${name}:${keep.join(",")}`;
  if (!graphs.has(key)) graphs.set(key, buildProjectGraph(join(PROJECTS, name), { keepExternal: keep }));
  return graphs.get(key)!;
};
const lodash = (symbol: string | null, chain: string[]) =>
  target("npm", "lodash", symbol ? [{ path: "lodash", symbols: [symbol] }] : [], { direct: false, chain });

describe("js-transitive: a committed node_modules", () => {
  test("only packages the app reaches are analysed (nested node_modules too); the vulnerable one stays external", async () => {
    const g = await graph("js-transitive", ["lodash"]);
    expect(g.dependencies).toEqual([
      { name: "acme-render", ecosystem: "npm", dir: "node_modules/acme-render", files: 2, complete: true },
      // Only what require() loads: dist/index.cjs, not the ESM copy.
      { name: "acme-esm", ecosystem: "npm", dir: "node_modules/acme-esm", files: 1, complete: true },
      { name: "acme-util", ecosystem: "npm", dir: "node_modules/acme-render/node_modules/acme-util", files: 1, complete: true },
    ]);
    expect(g.limits).toBeUndefined();
    const files = g.files.map((f) => f.path);
    expect(files).not.toContain("node_modules/lodash/lodash.js");
    expect(files).not.toContain("node_modules/unused-pkg/index.js");
    expect(files).not.toContain("node_modules/acme-render/test/index.test.js");
    // Dependency code is never an entry point.
    expect(g.entries.map((e) => e.label)).toEqual(["src/server.js:main"]);
  });

  test.each([
    ["template", ["app", "acme-render", "lodash"], ["src/server.js:main", "src/server.js:6", "node_modules/acme-render/lib/index.js:5", "node_modules/acme-render/lib/compile.js:4", "lodash.template"], "acme-render"],
    ["merge", ["app", "acme-render", "acme-util", "lodash"], ["src/server.js:main", "src/server.js:6", "node_modules/acme-render/lib/index.js:5", "node_modules/acme-render/node_modules/acme-util/index.js:4", "lodash.merge"], "acme-util"],
    // "exports" without "main": require() takes the "require" condition.
    ["kebabCase", ["app", "acme-esm", "lodash"], ["src/server.js:main", "src/server.js:6", "node_modules/acme-esm/dist/index.cjs:2", "lodash.kebabCase"], "acme-esm"],
  ])("lodash.%s through dependency code → transitive", async (symbol, chain, path, via) => {
    const r = reach(await graph("js-transitive", ["lodash"]), lodash(symbol, chain));
    expect(r.level).toBe("transitive");
    expect(r.symbols).toEqual([`lodash.${symbol}`]);
    expect(r.paths).toEqual([path]);
    expect(r.reason).toBe(`dependency code in the checkout (${via}) calls lodash.${symbol} on a path from an entry point`);
  });

  test("no symbols known: every dependency path, shortest first", async () => {
    const r = reach(await graph("js-transitive", ["lodash"]), lodash(null, ["app", "acme-render", "lodash"]));
    expect(r.level).toBe("transitive");
    expect(r.paths.map((p) => p.at(-1))).toEqual(["lodash.kebabCase", "lodash.template", "lodash.merge"]);
  });

  test.each([
    ["trim", "a dependency function nothing calls"],
    ["escape", "a dependency's tests"],
    ["zipObjectDeep", "a package the app never imports"],
  ])("lodash.%s, used only by %s → none", async (symbol) => {
    const r = reach(await graph("js-transitive", ["lodash"]), lodash(symbol, ["app", "acme-render", "lodash"]));
    expect(r.level).toBe("none");
  });

  test("a dependency whose code is not in the checkout keeps its unknown", async () => {
    const r = reach(await graph("js-transitive", ["lodash"]), target("npm", "qs", [], { direct: false, chain: ["app", "express", "qs"] }));
    expect(r).toMatchObject({ level: "unknown", reason: "reached through express (used at src/server.js:3), whose code is not in the checkout" });
  });

  test("the parent's code was analysed and never uses the package → none, saying so", async () => {
    const r = reach(await graph("js-transitive", ["lodash"]), target("npm", "left-pad", [], { direct: false, chain: ["app", "acme-render", "left-pad"] }));
    expect(r).toMatchObject({ level: "none", reason: "left-pad comes in through acme-render, whose code (node_modules/acme-render) was analysed: no reachable path uses left-pad" });
  });

  test("a limit hit stops the analysis and makes the answer unknown with its reason", async () => {
    const g = await buildProjectGraph(join(PROJECTS, "js-transitive"), { keepExternal: ["lodash"], dependencyLimits: { maxFiles: 3, maxBytes: 1 << 20, maxPackageFiles: 100 } });
    expect(g.limits).toEqual(["dependency code analysis stopped at acme-util (node_modules/acme-render/node_modules/acme-util): over the limit of 3 files / 1048576 bytes"]);
    const r = reach(g, lodash("merge", ["app", "acme-render", "acme-util", "lodash"]));
    expect(r).toMatchObject({ level: "unknown", reason: g.limits![0] });
    // What was analysed before the limit still counts.
    expect(reach(g, lodash("template", ["app", "acme-render", "lodash"])).level).toBe("transitive");
  });

  test("without keepExternal (callgraph, a snapshot re-evaluated later) calls into the package's analysed code count as its uses", async () => {
    const g = await graph("js-transitive", []);
    expect(g.dependencies!.map((d) => d.name)).toContain("lodash");
    const r = reach(g, lodash("template", ["app", "acme-render", "lodash"]));
    expect(r.level).toBe("transitive");
    // With lodash's own code in the graph, the compiled template that template() returns is lodash
    // code too: calling it at index.js:5 is the shorter of two real paths.
    expect(r.paths).toEqual([
      ["src/server.js:main", "src/server.js:6", "node_modules/acme-render/lib/index.js:5", "lodash.template"],
      ["src/server.js:main", "src/server.js:6", "node_modules/acme-render/lib/index.js:5", "node_modules/acme-render/lib/compile.js:4", "lodash.template"],
    ]);
    // lodash's own code never calls merge: only acme-util does, and its call resolves to nothing in lodash.js.
    expect(reach(g, lodash("escape", ["app", "acme-render", "lodash"])).level).toBe("none");
  });
});

describe("hostile dependency trees", () => {
  test("a symlinked package is not followed out of the checkout; a broken package.json falls back to index.js", async () => {
    const app = tempDir("reachd-deps-");
    const outside = tempDir("reachd-outside-");
    try {
      const files: Record<string, string> = {
        "package.json": JSON.stringify({ name: "x", main: "index.js" }),
        "index.js": `require("evil").run();\nrequire("broken").go();\n`,
        "node_modules/broken/package.json": "{ not json",
        "node_modules/broken/index.js": `exports.go = () => require("lodash").template("x");\n`,
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(app, path, ".."), { recursive: true });
        writeFileSync(join(app, path), text);
      }
      writeFileSync(join(outside, "package.json"), JSON.stringify({ name: "evil", main: "index.js" }));
      writeFileSync(join(outside, "index.js"), `exports.run = () => require("lodash").merge({}, {});\n`);
      symlinkSync(outside, join(app, "node_modules/evil"));
      const g = await buildProjectGraph(app, { keepExternal: ["lodash"] });
      expect(g.dependencies).toEqual([{ name: "broken", ecosystem: "npm", dir: "node_modules/broken", files: 1, complete: true }]);
      expect(g.files.map((f) => f.path).sort()).toEqual(["index.js", "node_modules/broken/index.js"]);
      expect(reach(g, lodash("template", ["x", "broken", "lodash"])).level).toBe("transitive");
      expect(reach(g, lodash("merge", ["x", "evil", "lodash"])).level).not.toBe("transitive");
    } finally {
      cleanup(app, outside);
    }
  });

  test("the JSON call graph lists the analysed dependencies", async () => {
    const json = callgraphJson(await graph("js-transitive", ["lodash"]));
    expect(json.dependencies!.map((d) => d.dir)).toEqual([
      "node_modules/acme-esm", "node_modules/acme-render", "node_modules/acme-render/node_modules/acme-util",
    ]);
    expect(json.limits).toBeUndefined();
  });
});

describe("py-transitive: vendor/ and a committed site-packages", () => {
  const yaml = (symbol: string, via: string) => target("PyPI", "PyYAML", [{ path: "yaml", symbols: [symbol] }], { direct: false, chain: ["app", via, "PyYAML"] });

  test.each([
    ["load", "yamlwrap", ["app.py:__main__", "app.py:10", "app.py:6", "vendor/yamlwrap/core.py:6", "yaml.load"]],
    ["full_load", "tomlwrap", ["app.py:__main__", "app.py:10", "app.py:6", "lib/site-packages/tomlwrap/__init__.py:5", "yaml.full_load"]],
  ])("yaml.%s through %s → transitive", async (symbol, via, path) => {
    const g = await graph("py-transitive", ["yaml"]);
    const r = reach(g, yaml(symbol, via));
    expect(r.level).toBe("transitive");
    expect(r.paths).toEqual([path]);
    expect(r.reason).toContain(`(${via})`);
  });

  test("a vendored package nothing imports → none; vendored code is no entry", async () => {
    const g = await graph("py-transitive", ["yaml"]);
    expect(g.entries.map((e) => e.label)).toEqual(["app.py:__main__"]);
    expect(reach(g, yaml("dump", "unused")).level).toBe("none");
    expect(g.dependencies!.map((d) => `${d.name} ${d.dir}`)).toEqual(["yamlwrap vendor/yamlwrap", "tomlwrap lib/site-packages/tomlwrap"]);
  });
});

describe("a docs- or test-named directory that production code imports", () => {
  const build = async (files: Record<string, string>, keep: string[]): Promise<ProjectGraph> => {
    const app = tempDir("reachd-deps-");
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(app, path, ".."), { recursive: true });
        writeFileSync(join(app, path), text);
      }
      return await buildProjectGraph(app, { keepExternal: keep });
    } finally {
      cleanup(app);
    }
  };

  test("JS: its packages' code is analysed; what only tests import is not", async () => {
    const g = await build({
      "package.json": JSON.stringify({ name: "x", main: "src/server.js" }),
      "src/server.js": `const { render } = require("./doc/render");\nfunction main() { return render("x"); }\nmain();\n`,
      "src/doc/render.js": `const acme = require("acme-render");\nexports.render = (s) => acme.compile(s);\n`,
      "test/render.test.js": `require("acme-testkit").run();\n`,
      "node_modules/acme-render/package.json": JSON.stringify({ name: "acme-render", main: "index.js" }),
      "node_modules/acme-render/index.js": `exports.compile = (s) => require("lodash").template(s);\n`,
      "node_modules/acme-testkit/package.json": JSON.stringify({ name: "acme-testkit", main: "index.js" }),
      "node_modules/acme-testkit/index.js": `exports.run = () => require("lodash").merge({}, {});\n`,
    }, ["lodash"]);
    expect(g.dependencies!.map((d) => d.name)).toEqual(["acme-render"]);
    const r = reach(g, lodash("template", ["x", "acme-render", "lodash"]));
    expect(r.level).toBe("transitive");
    expect(r.paths).toEqual([["src/server.js:main", "src/server.js:3", "src/server.js:2", "src/doc/render.js:2", "node_modules/acme-render/index.js:1", "lodash.template"]]);
  });

  test("Python: absolute and relative imports of a docs package bring in its vendored imports", async () => {
    const g = await build({
      "app.py": `import utils\nfrom docs import builder\n\ndef main():\n    return builder.build("x")\n\n\nif __name__ == "__main__":\n    main()\n`,
      "docs/__init__.py": "",
      "docs/builder.py": `from .helpers import load\n\n\ndef build(p):\n    return load(p)\n`,
      "docs/helpers.py": `import yamlwrap\n\n\ndef load(p):\n    return yamlwrap.read(p)\n`,
      // The app's utils.py, not the tests' one (a tests root is not on production's path).
      "utils.py": "",
      "tests/utils.py": `import tomlwrap\n\ntomlwrap.parse("a")\n`,
      "vendor/yamlwrap/__init__.py": `import yaml\n\n\ndef read(p):\n    return yaml.load(p)\n`,
      "vendor/tomlwrap/__init__.py": `import yaml\n\n\ndef parse(p):\n    return yaml.full_load(p)\n`,
    }, ["yaml"]);
    expect(g.dependencies!.map((d) => `${d.name} ${d.dir}`)).toEqual(["yamlwrap vendor/yamlwrap"]);
    const r = reach(g, target("PyPI", "PyYAML", [{ path: "yaml", symbols: ["load"] }], { direct: false, chain: ["app", "yamlwrap", "PyYAML"] }));
    expect(r.level).toBe("transitive");
    expect(r.paths).toEqual([["app.py:__main__", "app.py:9", "app.py:5", "docs/builder.py:5", "docs/helpers.py:5", "vendor/yamlwrap/__init__.py:5", "yaml.load"]]);
  });
});

describe("reachd scan on a checkout with node_modules", () => {
  test("real advisory (lodash template, bundled) reached through a committed package → transitive, reachable", async () => {
    const app = tempDir("reachd-transitive-");
    try {
      cpSync(join(PROJECTS, "js-transitive"), app, { recursive: true });
      await Bun.write(join(app, "package-lock.json"), JSON.stringify({
        name: "js-transitive", lockfileVersion: 3, requires: true,
        packages: {
          "": { name: "js-transitive", dependencies: { "acme-render": "1.0.0" } },
          "node_modules/acme-render": { version: "1.0.0", dependencies: { lodash: "4.17.20" } },
          "node_modules/lodash": { version: "4.17.20" },
        },
      }));
      const res = await cli(["scan", app, "--format", "json", "--no-cache", "--data-dir", join(app, ".none")]);
      const report = JSON.parse(res.stdout);
      const f = report.findings.find((x: any) => x.advisory_id === "GHSA-35jh-r3h4-6jhm");
      expect(f.reachable).toBe(true);
      expect(f.reachability.level).toBe("transitive");
      expect(f.reachability.score).toBe(0.8);
      expect(f.call_path).toBe("src/server.js:main -> src/server.js:6 -> node_modules/acme-render/lib/index.js:5 -> node_modules/acme-render/lib/compile.js:4 -> lodash.template");
      expect(res.code).toBe(1);
    } finally {
      cleanup(app);
    }
  });
});

describe("bounds", () => {
  test("a package over the per-package file cap is analysed in part, and the limit says so", async () => {
    const g = await buildProjectGraph(join(PROJECTS, "js-transitive"), { keepExternal: ["lodash"], dependencyLimits: { maxFiles: 100, maxBytes: 1 << 20, maxPackageFiles: 1 } });
    // Listing stops at lib/compile.js (name order), so the main lib/index.js is not even seen.
    expect(g.dependencies!.find((d) => d.name === "acme-render")).toMatchObject({ complete: false, files: 0 });
    expect(g.limits).toContain("acme-render (node_modules/acme-render) has more than 1 code files; only the first were analysed");
    const r = reach(g, lodash("escape", ["app", "acme-render", "lodash"]));
    expect(r.level).toBe("unknown");
    expect(r.reason!.startsWith(g.limits![0]!)).toBe(true);
  });

  test("packages imported only by tests are not analysed", async () => {
    const app = tempDir("reachd-deps-");
    try {
      const files: Record<string, string> = {
        "package.json": JSON.stringify({ name: "x", main: "index.js" }),
        "index.js": `module.exports = 1;\n`,
        "test/a.test.js": `require("testlib").run();\n`,
        "node_modules/testlib/package.json": JSON.stringify({ name: "testlib" }),
        "node_modules/testlib/index.js": `exports.run = () => 1;\n`,
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(app, path, ".."), { recursive: true });
        writeFileSync(join(app, path), text);
      }
      const g = await buildProjectGraph(app);
      expect(g.dependencies).toBeUndefined();
      expect(g.files.map((f) => f.path).sort()).toEqual(["index.js", "test/a.test.js"]);
    } finally {
      cleanup(app);
    }
  });
});
