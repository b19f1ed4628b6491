// Facts the handlers tell from nodes they read, where query patterns used to report them (facts.ts
// accessorFact, createdPrototype, eitherValue, declaratorFacts, computedCall; facts-py.ts
// memberAssignment, asTargets, withItem): the same facts, in the order the patterns reported them. The
// expected lists are what the patterns gave; deferred.ts holds a fact until the matches reach the
// place its pattern matched.
import { expect, test } from "bun:test";
import type { QueryCapture } from "web-tree-sitter";
import { Deferred } from "../../src/scan/callgraph/deferred.ts";
import type { FactsDraft } from "../../src/scan/callgraph/fact-types.ts";
import type { Grammar } from "../../src/scan/callgraph/parser.ts";
import { extractText } from "./helpers.ts";

const extract = (grammar: Grammar, text: string): Promise<FactsDraft> => extractText(grammar, text, grammar === "python" ? "t.py" : "t.js");

const show = (ref: { root: { t: string; name?: string; callee?: unknown }; path: string[] }): string =>
  `${ref.root.t === "name" ? ref.root.name : ref.root.t}${ref.path.map((p) => `.${p}`).join("")}`;

test("a getter read comes after the calls in its object, as at its property", async () => {
  const facts = await extract("javascript", [
    "const v = g(a.b).d;",
    "const w = h().e + i.j;",
    "k(l.m, n().o);",
    "function f() { return p().q; }",
    "const r = () => s().t;",
    "this.#x = u.#y;",
  ].join("\n"));
  // (`+`'s operands are converted to primitives too, told by the binary expression's match, so the
  // left operand's conversion follows its getter; private members are accessors as well.)
  expect(facts.calls.map((c) => `${c.line} ${show(c.ref)}${c.getter ? " get" : ""}${c.setter ? " set" : ""}${c.convert ? ` ${c.convert}` : ""}`)).toEqual([
    "1 g", "1 a.b get", "1 call.d get",
    "2 h", "2 call.e get", "2 call.e number", "2 i.j number", "2 i.j get",
    "3 k", "3 l.m get", "3 n", "3 call.o get",
    "4 p", "4 call.q get",
    "5 s", "5 call.t get",
    "6 this.#x set", "6 u.#y get",
  ]);
});

test("a declarator's operands are bound after what its condition binds; object patterns by kind", async () => {
  const facts = await extract("javascript", [
    "let s = (_a = r.x) != null ? _a : d;",
    "const f = a || (b = c);",
    "const {p, q: t, u = 1, w} = obj;",
  ].join("\n"));
  expect([...facts.bindings.get(-1)!.keys()]).toEqual(["_a", "s", "f", "b", "p", "w", "u", "t"]);
  expect(facts.bindings.get(-1)!.get("s")!.map((v) => show(v as never))).toEqual(["_a", "d"]);
});

test("Object.create and util.inherits give bases in statement order", async () => {
  const facts = await extract("javascript", [
    "function A() {}", "function B() {}", "function C() {}",
    "util.inherits(C, A);",
    "C.prototype = Object.create(B.prototype);",
    "C.prototype = Object.create(/* c */ A.prototype);",
  ].join("\n"));
  expect(facts.defs.find((d) => d.name === "C")!.bases.map((b) => show(b as never))).toEqual(["A", "B"]);
});

test("obj[k]() is dynamic after the dynamic code in obj", async () => {
  const facts = await extract("javascript", "eval(x)[k]();\nrequire(m)[n]();\nrequire(m)['lit']();\n");
  expect(facts.dynamic.map((d) => [d.text, d.kind ?? null])).toEqual([
    ["eval(x)", "eval"], ["eval(x)[k]()", "attribute"], ["require(m)", null], ["require(m)[n]()", "attribute"], ["require(m)", null],
  ]);
});

test("Python's program block and its targets: d[k] = v, obj.a = v", async () => {
  const facts = await extract("python", [
    "def f(): pass",
    "if '__main__' == __name__:",
    "    f()",
    "if __name__ != 'main':",
    "    f()",
    "d[1] = f",
    "o.x = f",
  ].join("\n"));
  expect(facts.defs.map((d) => d.name)).toEqual(["f", "__main__"]);
  expect(facts.objAttrs?.map((a) => `${show(a.obj as never)}.${a.name}`)).toEqual(["o.x"]);
});

test("Deferred runs what is due before a match reaching its place, in order of place then of adding", () => {
  const ran: string[] = [];
  const later = new Deferred();
  later.add(10, () => ran.push("a10"));
  later.add(5, () => ran.push("b5"));
  later.add(10, () => ran.push("c10"));
  const at = (...starts: number[]): QueryCapture[] => starts.map((startIndex) => ({ name: "x", patternIndex: 0, node: { startIndex } }) as unknown as QueryCapture);
  later.before(at(1, 4));
  expect(ran).toEqual([]);
  later.before(at(2, 9));
  expect(ran).toEqual(["b5"]);
  later.before(at(10));
  expect(ran).toEqual(["b5", "a10", "c10"]);
  later.add(20, () => ran.push("d20"));
  later.flush();
  expect(ran).toEqual(["b5", "a10", "c10", "d20"]);
});
