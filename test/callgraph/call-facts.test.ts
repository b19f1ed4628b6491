// Facts the call handlers find from the callee and arguments they read (facts-py.ts pyNamedCall,
// facts-js-calls.ts jsNamedCall, facts-js.ts jsArgsTyped), where query patterns used to report them: the
// same facts, in the order the patterns reported them.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Node } from "web-tree-sitter";
import { extractFacts } from "../../src/scan/callgraph/facts.ts";
import type { FactsDraft } from "../../src/scan/callgraph/fact-types.ts";
import { parseSource, type Grammar } from "../../src/scan/callgraph/parser.ts";
import { calleeNames, calleeQuery, queryFor } from "../../src/scan/callgraph/queries.ts";
import { importModuleSpec, pyLoopStrings } from "../../src/scan/callgraph/refs-py-strings.ts";
import { stringLiteral } from "../../src/scan/callgraph/ref-types.ts";
import { listFiles, readSource } from "../../src/scan/callgraph/walk.ts";
import { generateCorpus } from "../../scripts/gen-corpus.ts";
import { extractText, FIXTURES } from "./helpers.ts";

const extract = (grammar: Grammar, text: string): Promise<FactsDraft> => extractText(grammar, text, grammar === "python" ? "t.py" : "t.jsx");

test("Python dynamic sites keep the query's order: an inner call's site first unless it is in the last argument read", async () => {
  const facts = await extract("python", [
    "def f(a, n, m, s):",
    "    getattr(getattr(a, n), m)",
    "    getattr(a, eval(s))",
    "    __import__(getattr(a, n))",
    "    x = getattr(compile(s, 'f', 'exec'), n)",
    "    getattr(a, 'literal')",
    "",
  ].join("\n"));
  expect(facts.dynamic.map((d) => [d.line, d.text, d.kind ?? null])).toEqual([
    [2, "getattr(a, n)", "attribute"],
    [2, "getattr(getattr(a, n), m)", "attribute"],
    [3, "getattr(a, eval(s))", "attribute"],
    [3, "eval(s)", "eval"],
    [4, "__import__(getattr(a, n))", null],
    [4, "getattr(a, n)", "attribute"],
    [5, "compile(s, 'f', 'exec')", "eval"],
    [5, "getattr(compile(s, 'f', 'exec'), n)", "attribute"],
  ]);
});

test("Python imports by name; a dict updated with a dict literal and keyword arguments gets their items", async () => {
  const facts = await extract("python", "import importlib\nm = importlib.import_module('pkg.mod')\nd = {}\nd.update({'k': len})\nd.update(j=len)\nd.update({'i': len}, *xs)\n");
  expect(facts.imports.map((i) => i.spec)).toEqual(["importlib", "pkg.mod"]);
  expect(facts.dynamic).toEqual([]);
  expect(facts.bindings.get(-1)!.get("d")!.slice(-2)).toEqual([
    { root: { t: "items", items: [{ key: "[k]", ref: { root: { t: "name", name: "len" }, path: [] } }] }, path: [] },
    { root: { t: "items", items: [{ key: "[j]", ref: { root: { t: "name", name: "len" }, path: [] } }] }, path: [] },
  ]);
});

test("JavaScript calls told by their callee; a JSX element named like one is none of them", async () => {
  const facts = await extract("javascript", [
    "const util = require('util');",
    "function A() {}",
    "function B() {}",
    "util.inherits(A, B);",
    "eval(require(name));",
    "new Function('a');",
    "const el = <Function />;",
    "import('m');",
    "",
  ].join("\n"));
  expect(facts.dynamic.map((d) => [d.line, d.text, d.kind ?? null])).toEqual([
    [5, "eval(require(name))", "eval"],
    [5, "require(name)", null],
    [6, "new Function('a')", "eval"],
  ]);
  expect(facts.imports.map((i) => i.spec)).toEqual(["util", "m"]);
  expect(facts.defs.find((d) => d.name === "A")!.bases).toEqual([{ root: { t: "name", name: "B" }, path: [] }]);
});

test("a file started as a worker thread or child process is loaded where it is started", async () => {
  const facts = await extract("javascript", [
    "const { fork } = require('child_process');",
    "const path = require('path');",
    "new Worker(new URL('./workers/resize.js', import.meta.url));",
    "fork(path.join(__dirname, 'jobs', 'digest.js'));",
    "cp.fork(`${__dirname}/jobs/mail.js`);",
    "new threads.Worker(__dirname + '/jobs/index.js');",
    "fork(require.resolve('./jobs/cleanup'));",
    "new Worker('./local.js');",
    "new Worker(file);",
    "fork('/abs/path.js');",
    "new Worker(new URL('https://cdn.example/w.js'));",
    "cluster.fork();",
    "",
  ].join("\n"));
  expect(facts.imports.map((i) => [i.line, i.spec])).toEqual([
    [1, "child_process"], [2, "path"], [3, "./workers/resize.js"], [4, "./jobs/digest.js"], [5, "./jobs/mail.js"],
    [6, "./jobs/index.js"], [7, "./jobs/cleanup"], [8, "./local.js"],
  ]);
});

// The patterns the handlers apply themselves (grammars/<lang>/callees.scm) run through the query
// engine here: every match must be a fact the handler found, on every fixture source file, on
// generated code and on a file with every form, and every pattern must match somewhere.
const EVERY_FORM: Record<"javascript" | "python", string> = {
  javascript: [
    "const util = require('util');",
    "function A() {}",
    "function B() {}",
    "util.inherits(A, B);",
    "function C() {}",
    "_inherits(C, B);",
    "eval(code);",
    "Function('a', 'return a');",
    "new Function('b');",
    "require(name);",
    "import('./m.js');",
    "",
  ].join("\n"),
  python: [
    "import importlib",
    "__all__ = ['f', 'g']",
    "def f(a, n, s):",
    "    eval(s)",
    "    exec(s)",
    "    compile(s, 'f', 'exec')",
    "    getattr(a, n)",
    "    setattr(a, n, 1)",
    "    __import__('os')",
    "    importlib.import_module(n)",
    "    importlib.import_module('.jobs', package='pkg')",
    "    importlib.import_module('.jobs', n)",
    "    d = {}",
    "    d.update({'k': len})",
    "",
  ].join("\n"),
};

async function checkCallees(grammar: Grammar, path: string, text: string, seen: Set<string>): Promise<void> {
  const parsed = await parseSource(grammar, text);
  if (!("tree" in parsed)) return;
  try {
    const py = grammar === "python";
    const facts = extractFacts(path, py ? "python" : grammar === "javascript" ? "javascript" : "typescript", parsed.tree, await queryFor(grammar));
    const lineOf = (n: Node): number => n.startPosition.row + 1;
    const where = `${path} (${grammar})`;
    for (const match of (await calleeQuery(grammar)).matches(parsed.tree.rootNode)) {
      const caps = new Map(match.captures.map((c) => [c.name, c.node]));
      for (const role of caps.keys()) seen.add(role);
      const evaluated = caps.get("eval.call") ?? caps.get("eval.new");
      if (evaluated) {
        expect(facts.dynamic.some((d) => d.kind === "eval" && d.line === lineOf(evaluated)), `${where}: ${evaluated.parent!.text}`).toBe(true);
      }
      const arg = caps.get("load.arg");
      if (arg) {
        const call = arg.parent!.parent!;
        const literal = stringLiteral(arg);
        // import_module's relative names are relative to its package argument (refs-py-strings.ts importModuleSpec).
        const spec = py && literal?.startsWith(".") && caps.get("load.call")?.text !== "__import__" ? importModuleSpec(call.childForFieldName("arguments")!) : literal;
        // AMD `require(["a", "b"], cb)`: each name is an import (the loader's own names and
        // plugins' `x!y` none), not a dynamic site.
        const amd = arg.type === "array" && arg.namedChildren.every((el) => el?.type === "string" || el?.type === "comment");
        const imported = (name: string | null): boolean => name === null || ["require", "exports", "module"].includes(name) ||
          name.includes("!") || facts.imports.some((i) => i.spec === name && i.line === lineOf(call));
        const found = spec !== null
          ? facts.imports.some((i) => i.spec === spec && i.line === lineOf(call))
          : literal !== null
            ? facts.dynamic.some((d) => d.kind === undefined && d.line === lineOf(call))
          : amd
            ? arg.namedChildren.every((el) => el?.type !== "string" || imported(stringLiteral(el)))
            // (A name: a `const` of the file holding the specifier is an import: refs-js-modules.ts moduleSpecifier;
            // in Python also an item of a module-level dict of strings, `NAMES["pg"]`: refs-py-strings.ts pyStaticString;
            // JS `import(c ? "./a" : "./b")` and a loop's name over literals import each: refs-js-modules.ts moduleSpecifiers;
            // JS `require(path.join(__dirname, "x.js"))` and its like import ./x.js: refs-js-modules.ts moduleSpecifier;
            // JS `require("./drivers/" + DRIVER)` / `` import(`./p/${kind}.js`) `` of literals and string consts too;
            // Python `import_module(f"pkg.{name}")` / `"pkg." + name` in such a loop too: refs-py-strings.ts pyModuleNamesOf.)
            : facts.dynamic.some((d) => d.kind === undefined && d.line === lineOf(call)) ||
              ((arg.type === "identifier" || (!py && (arg.type === "ternary_expression" || arg.type === "binary_expression" || arg.type === "template_string" || arg.text.includes("__dirname"))) || (py && (arg.type === "subscript" || arg.type === "string" || arg.type === "binary_operator"))) && facts.imports.some((i) => i.line === lineOf(call)));
        expect(found, `${where}: ${call.text}`).toBe(true);
      }
      const attr = caps.get("attr.name");
      // (`getattr(o, name)` in a `for name in ("a", "b")` loop reads o.a or o.b: refs-py-strings.ts pyLoopStrings;
      // `setattr(o, name, v)` there writes them, facts-py.ts.)
      if (attr && stringLiteral(attr) === null && !(py && (caps.get("attr.call")?.text === "getattr" || caps.get("attr.call")?.text === "setattr") && pyLoopStrings(attr))) {
        expect(facts.dynamic.some((d) => d.kind === "attribute" && d.line === lineOf(attr.parent!)), `${where}: ${attr.parent!.parent!.text}`).toBe(true);
      }
      const child = caps.get("inherit.child");
      const named = child ? facts.defs.filter((d) => d.kind === "function" && d.name === child.text) : [];
      if (named.length > 0) expect(named.some((d) => d.bases.length > 0), `${where}: ${child!.parent!.parent!.text}`).toBe(true);
      const all = caps.get("all.name");
      if (all) expect(facts.allNames, `${where}: ${all.parent!.text}`).toBeDefined();
      const update = caps.get("update.method");
      if (update) {
        const target = update.parent!.childForFieldName("object")!.text;
        const items = update.parent!.parent!.childForFieldName("arguments")!.namedChild(0)!;
        if (items.namedChildren.some((p) => p?.type === "pair" && p.childForFieldName("value")?.type === "identifier")) {
          const bound = [...facts.bindings.values()].some((names) => names.get(target)?.some((r) => r.root.t === "items"));
          expect(bound, `${where}: ${update.parent!.parent!.text}`).toBe(true);
        }
      }
    }
  } finally {
    parsed.tree.delete();
  }
}

test("callees.scm run by the engine: every match is a fact the handlers found", async () => {
  const seen = { js: new Set<string>(), py: new Set<string>() };
  const tmp = mkdtempSync(join(tmpdir(), "reachd-callees-"));
  try {
    await checkCallees("javascript", "every.js", EVERY_FORM.javascript, seen.js);
    await checkCallees("typescript", "every.ts", EVERY_FORM.javascript, seen.js);
    await checkCallees("python", "every.py", EVERY_FORM.python, seen.py);
    for (const lang of ["js", "ts", "py"] as const) generateCorpus(lang, join(tmp, lang), 2000);
    for (const root of [FIXTURES, tmp]) {
      for (const src of (await listFiles(root)).sources) {
        const read = await readSource(root, src.path);
        if ("text" in read) await checkCallees(src.grammar, src.path, read.text, src.grammar === "python" ? seen.py : seen.js);
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  expect([...seen.js].sort()).toEqual(["eval.call", "eval.new", "inherit.base", "inherit.child", "inherits.call", "inherits.method", "load.arg", "load.call"]);
  expect([...seen.py].sort()).toEqual(["all.name", "attr.call", "attr.name", "eval.call", "load.arg", "load.call", "load.function", "load.module", "update.method"]);
}, 120_000);

test("callee names are read from callees.scm's predicates", () => {
  expect([...calleeNames("javascript", "eval.call")]).toEqual(["eval", "Function"]);
  expect([...calleeNames("python", "load.call")]).toEqual(["__import__", "import_module"]);
  expect(() => calleeNames("python", "no.such.role")).toThrow(/names no @no.such.role/);
});
