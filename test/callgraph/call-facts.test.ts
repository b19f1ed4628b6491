// Facts the call handlers find from the callee and arguments they read (facts-py.ts pyNamedCall,
// facts.ts jsNamedCall, facts-js.ts jsArgsTyped), where query patterns used to report them: the
// same facts, in the order the patterns reported them.
import { expect, test } from "bun:test";
import { extractFacts, type FactsDraft } from "../../src/scan/callgraph/facts.ts";
import { parseSource, type Grammar } from "../../src/scan/callgraph/parser.ts";
import { queryFor } from "../../src/scan/callgraph/queries.ts";

async function extract(grammar: Grammar, text: string): Promise<FactsDraft> {
  const parsed = await parseSource(grammar, text);
  if (!("tree" in parsed)) throw new Error(parsed.error);
  try {
    return extractFacts(grammar === "python" ? "t.py" : "t.jsx", grammar === "python" ? "python" : "javascript", parsed.tree, await queryFor(grammar));
  } finally {
    parsed.tree.delete();
  }
}

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

test("Python imports by name; a dict updated with a dict literal alone gets its items", async () => {
  const facts = await extract("python", "import importlib\nm = importlib.import_module('pkg.mod')\nd = {}\nd.update({'k': len})\nd.update({'j': len}, x=1)\n");
  expect(facts.imports.map((i) => i.spec)).toEqual(["importlib", "pkg.mod"]);
  expect(facts.dynamic).toEqual([]);
  expect(facts.bindings.get(-1)!.get("d")!.at(-1)).toEqual({
    root: { t: "items", items: [{ key: "[k]", ref: { root: { t: "name", name: "len" }, path: [] } }] }, path: [],
  });
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
