// Project-wide indexes built from facts (argparse `set_defaults(name=v)` keywords: resolve-members.ts
// argparseDefault; React context providers: resolve-indexes.ts providers()) must follow an edit
// taken incrementally: a re-scan after adding or removing one must equal a build from scratch.
// Also (Q6) the twenty-fourth round's rules that read another file than the one edited: a docs/test path
// production code imports (importedIsProduction), package.json "exports" conditions, star imports in
// order, `__all__` built from another module's.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildProjectGraph, type ProjectGraph } from "../../src/scan/callgraph/index.ts";
import { newIncrementalState, type IncrementalState } from "../../src/scan/callgraph/incremental.ts";

const work = mkdtempSync(join(tmpdir(), "reachd-incremental-indexes-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const build = (dir: string, state?: IncrementalState): Promise<ProjectGraph> => buildProjectGraph(dir, { pool: false, incremental: state });
const has = (g: ProjectGraph, from: string, to: string): boolean => g.edges.some((e) => e.from === from && e.to === to);
const edges = (g: ProjectGraph): string => JSON.stringify(g.edges);

function project(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  mkdirSync(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const ARGPARSE = `import argparse


def run_a(args):
    return 1


def run_b(args):
    return 2


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers()
    a = sub.add_parser("a")
    a.set_defaults(func=run_a)
    b = sub.add_parser("b")
    args = p.parse_args()
    return args.func(args)


main()
`;

const CONTEXT = `import React, { createContext, useContext } from "react";
const Ctx = createContext(null);
function a() { return 1; }
function b() { return 2; }
function Use() { const f = useContext(Ctx); return f(); }
export function App() { return <Ctx.Provider value={a}><Use /></Ctx.Provider>; }
`;

const steps: { name: string; file: string; text: string; other?: Record<string, string>; edit: (t: string) => string; from: string; to: string; present: boolean }[] = [
  {
    name: "argparse: a set_defaults(func=f) added in a body", file: "main.py", text: ARGPARSE,
    edit: (t) => t.replace('    args = p.parse_args()', '    b.set_defaults(func=run_b)\n    args = p.parse_args()'),
    from: "main.py#main", to: "main.py#run_b", present: true,
  },
  {
    name: "argparse: a set_defaults(func=f) removed", file: "main.py", text: ARGPARSE,
    edit: (t) => t.replace('    a.set_defaults(func=run_a)\n', ''),
    from: "main.py#main", to: "main.py#run_a", present: false,
  },
  {
    name: "argparse: a function setting a default appended", file: "main.py", text: ARGPARSE,
    edit: (t) => `${t}\n\ndef more(q):\n    q.set_defaults(func=run_b)\n`,
    from: "main.py#main", to: "main.py#run_b", present: true,
  },
  {
    name: "React: a context provider added", file: "main.jsx", text: CONTEXT,
    edit: (t) => `${t}export function Other() { return <Ctx.Provider value={b}><Use /></Ctx.Provider>; }\n`,
    from: "main.jsx#Use", to: "main.jsx#b", present: true,
  },
  {
    name: "React: a context provider's value changed", file: "main.jsx", text: CONTEXT,
    edit: (t) => t.replace("value={a}", "value={b}"),
    from: "main.jsx#Use", to: "main.jsx#b", present: true,
  },
  {
    name: "Python: a module __getattr__ (PEP 562) added", file: "lib.py", text: "def first():\n    return 1\n",
    other: { "main.py": "import lib\n\n\ndef use():\n    return lib.compute()\n\n\nuse()\n" },
    edit: (t) => `${t}\n\ndef compute_impl():\n    return 2\n\n\ndef __getattr__(name):\n    return compute_impl\n`,
    from: "main.py#use", to: "lib.py#compute_impl", present: true,
  },
  {
    name: "JS: a Function.prototype method added", file: "main.js", text: "function ping() { return 1; }\nfunction use() { return ping.twice(); }\nuse();\n",
    edit: (t) => `${t}Function.prototype.twice = function () { return this(); };\n`,
    from: "main.js#use", to: "main.js#Function.prototype.twice", present: true,
  },
  // Q6: rules of the twenty-fourth round that read another file than the one edited.
  {
    name: "JS: a production file starts importing a docs path (graph.ts importedIsProduction)", file: "main.js",
    text: 'const { use } = require("./lib");\nuse(function own() { return 2; });\n',
    other: {
      "lib.js": "function use(cb) { return cb(); }\nmodule.exports = { use };\n",
      "docs/doc.js": 'const { use } = require("../lib");\nfunction task() { return 1; }\nuse(task);\nmodule.exports = { task };\n',
    },
    edit: (t) => `require("./docs/doc");\n${t}`,
    from: "lib.js#use", to: "docs/doc.js#task", present: true,
  },
  {
    name: "JS: a production file stops importing a docs path (graph.ts importedIsProduction)", file: "main.js",
    text: 'require("./docs/doc");\nconst { use } = require("./lib");\nuse(function own() { return 2; });\n',
    other: {
      "lib.js": "function use(cb) { return cb(); }\nmodule.exports = { use };\n",
      "docs/doc.js": 'const { use } = require("../lib");\nfunction task() { return 1; }\nuse(task);\nmodule.exports = { task };\n',
    },
    edit: (t) => t.replace('require("./docs/doc");\n', ""),
    from: "lib.js#use", to: "docs/doc.js#task", present: false,
  },
  {
    name: "Python: a production module starts importing a docs package (graph.ts importedIsProduction)", file: "main.py",
    text: "import lib\n\n\ndef own():\n    return 2\n\n\nlib.use(own)\n",
    other: {
      "lib.py": "def use(cb):\n    return cb()\n",
      "docs/__init__.py": "",
      "docs/doc.py": "from lib import use\n\n\ndef task():\n    return 1\n\n\nuse(task)\n",
    },
    edit: (t) => `import docs.doc\n${t}`,
    from: "lib.py#use", to: "docs/doc.py#task", present: true,
  },
  {
    name: "JS: a docs path production code imports is edited (its flag carried to the new info)", file: "docs/doc.js",
    text: 'const { use } = require("../lib");\nfunction task() { return 1; }\nuse(task);\nmodule.exports = { task };\n',
    other: {
      "main.js": 'require("./docs/doc");\nconst { use } = require("./lib");\nuse(function own() { return 2; });\n',
      "lib.js": "function use(cb) { return cb(); }\nmodule.exports = { use };\n",
    },
    edit: (t) => t.replace("use(task);", "function other() { return 3; }\nuse(other);"),
    from: "lib.js#use", to: "docs/doc.js#other", present: true,
  },
  {
    name: "JS: a require() of a package with import/require conditions becomes an import (exports conditions)", file: "main.js",
    text: 'const { pad } = require("@acme/fmt");\nfunction use() { return pad("x"); }\nuse();\n',
    other: {
      "package.json": JSON.stringify({ name: "app", private: true, workspaces: ["packages/*"], dependencies: { "@acme/fmt": "*" } }),
      "packages/fmt/package.json": JSON.stringify({ name: "@acme/fmt", exports: { ".": { import: "./esm/index.mjs", require: "./cjs/index.cjs" } } }),
      "packages/fmt/esm/index.mjs": "export function pad(s) { return s; }\n",
      "packages/fmt/cjs/index.cjs": "exports.pad = function pad(s) { return s; };\n",
    },
    edit: (t) => t.replace('const { pad } = require("@acme/fmt");', 'import { pad } from "@acme/fmt";'),
    from: "main.js#use", to: "packages/fmt/esm/index.mjs#pad", present: true,
  },
  {
    name: "JS: a file importing and requiring one conditional package loses its require (each load its own condition)", file: "main.js",
    text: 'import { pad } from "@acme/fmt";\nconst legacy = require("@acme/fmt");\nfunction use() { return pad("x"); }\nfunction old() { return legacy.pad("y"); }\nuse();\nold();\n',
    other: {
      "package.json": JSON.stringify({ name: "app", private: true, workspaces: ["packages/*"], dependencies: { "@acme/fmt": "*" } }),
      "packages/fmt/package.json": JSON.stringify({ name: "@acme/fmt", exports: { ".": { import: "./esm/index.mjs", require: "./cjs/index.cjs" } } }),
      "packages/fmt/esm/index.mjs": "export function pad(s) { return s; }\n",
      "packages/fmt/cjs/index.cjs": "exports.pad = function pad(s) { return s; };\n",
    },
    edit: (t) => t.replace('const legacy = require("@acme/fmt");', 'const legacy = { pad() { return 0; } };'),
    from: "main.js#use", to: "packages/fmt/esm/index.mjs#pad", present: true,
  },
  {
    name: "Python: two star imports swapped (facts starLines)", file: "main.py",
    text: "from a import *\nfrom b import *\n\n\ndef use():\n    return helper()\n\n\nuse()\n",
    other: { "a.py": "def helper():\n    return 1\n", "b.py": "def helper():\n    return 2\n" },
    edit: (t) => t.replace("from a import *\nfrom b import *", "from b import *\nfrom a import *"),
    from: "main.py#use", to: "a.py#helper", present: true,
  },
  {
    name: "Python: the later star import's module loses the name", file: "b.py", text: "def helper():\n    return 2\n",
    other: { "a.py": "def helper():\n    return 1\n", "main.py": "from a import *\nfrom b import *\n\n\ndef use():\n    return helper()\n\n\nuse()\n" },
    edit: (t) => t.replace("def helper", "def other"),
    from: "main.py#use", to: "a.py#helper", present: true,
  },
  {
    name: "Python: __all__ built from another module's __all__, which an edit extends", file: "core.py",
    text: '__all__ = ["alpha"]\n\n\ndef alpha():\n    return 1\n\n\ndef beta():\n    return 2\n',
    other: {
      "api.py": 'import core\nfrom core import *\n\n__all__ = ["gamma"]\n__all__ += core.__all__\n\n\ndef gamma():\n    return 3\n',
      "main.py": "from api import *\n\n\ndef use():\n    return beta()\n\n\nuse()\n",
    },
    edit: (t) => t.replace('__all__ = ["alpha"]', '__all__ = ["alpha", "beta"]'),
    from: "main.py#use", to: "core.py#beta", present: true,
  },
];

for (const s of steps) {
  test(s.name, async () => {
    const files: Record<string, string> = { [s.file]: s.text, ...s.other };
    if (s.file.endsWith(".js")) files["package.json"] ??= JSON.stringify({ name: "fp", main: "main.js" });
    if (s.file.endsWith(".jsx")) files["package.json"] = JSON.stringify({ name: "ctx", main: "main.jsx", type: "module", dependencies: { react: "18" } });
    const dir = project(s.name.replace(/\W+/g, "-"), files);
    const state = newIncrementalState({ reuseAssembly: true });
    await build(dir, state);
    writeFileSync(join(dir, s.file), s.edit(readFileSync(join(dir, s.file), "utf8")));
    const after = await build(dir, state);
    const scratch = await build(dir, newIncrementalState({ reuseAssembly: true }));
    expect(has(scratch, s.from, s.to)).toBe(s.present);
    expect(edges(after)).toBe(edges(scratch));
  }, 60_000);
}
