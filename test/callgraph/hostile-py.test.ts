// Hostile Python for the flow analysis: self-recursive returns that branch, long argument chains,
// deep lambdas, huge literals and decorator stacks must stay fast and give sane answers.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { toPycg } from "../../src/scan/callgraph/pycg.ts";
import { setDeadline } from "../../src/scan/deadline.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function pycgOf(source: string, signal?: AbortSignal) {
  const dir = mkdtempSync(join(tmpdir(), "reachd-pyhostile-"));
  dirs.push(dir);
  writeFileSync(join(dir, "main.py"), source);
  return toPycg(await buildProjectGraph(dir, signal ? { signal, pool: false } : {}));
}

// python3-apt's distro.py: items of a dict that read the dict (`self.result["C"] =
// self.result.get("X")`) asked each other down to the depth limit at every asking (36 s on that
// file; without memoised members, no end). Items are memoised questions now. The deadline makes a
// regression fail instead of running for good (assembly is synchronous: no test timeout can fire).
test("dict items that read their own dict are a cycle resolved once", async () => {
  const lines = [
    "def on_parse():", "    pass",
    "class Release:",
    "    def __init__(self):", "        self.result = {\"handler\": on_parse}",
    "    def parse_entry(self, key, value):", "        self.result[key] = value",
    "    def compat(self):",
    "        self.result[\"A\"] = self.result[\"ID\"]",
    "        self.result[\"B\"] = self.result[\"NAME\"]",
    "        self.result[\"C\"] = self.result.get(\"X\")",
    "        if not self.result[\"C\"]:", "            self.result[\"C\"] = self.result.get(\"Y\")",
    "        self.result[\"D\"] = self.result.get(\"Z\")",
    "        self.result[\"E\"] = self.result.get(\"W\")",
    "        self.result.get(\"handler\")()",
    "r = Release()", "r.parse_entry(\"ID\", \"x\")", "r.compat()",
  ];
  const signal = new AbortController();
  setDeadline(signal.signal, performance.now() + 20_000, () => signal.abort(new Error("assembly did not finish in 20 s")));
  const g = await pycgOf(lines.join("\n"), signal.signal);
  expect(g["main.Release.compat"]).toContain("main.on_parse");
}, 60_000);

test("branching recursion through returns is memoised, not exponential", async () => {
  const lines: string[] = [];
  for (let i = 0; i < 60; i++) lines.push(`def g${i}(a):`, "    if a:", `        return g${i + 1}(a)`, `    return g${i + 1}(a)`);
  lines.push("def g60(a):", "    return g0(a)", "g0(1)()");
  const started = performance.now();
  const g = await pycgOf(lines.join("\n"));
  expect(performance.now() - started).toBeLessThan(10_000);
  expect(g["main.g59"]).toEqual(["main.g60"]);
  expect(g["main.g60"]).toEqual(["main.g0"]);
}, 30_000);

test("a function passed down a 300-call chain, deep lambdas, big literals, 200 decorators", async () => {
  const lines: string[] = ["def leaf():", "    pass"];
  for (let i = 0; i < 300; i++) lines.push(`def c${i}(f):`, `    c${i + 1}(f)`);
  lines.push("def c300(f):", "    f()", "c0(leaf)");
  lines.push(`deep = ${"lambda: ".repeat(2_000)}1`);
  lines.push(`table = {${Array.from({ length: 20_000 }, (_, i) => `"k${i}": leaf`).join(", ")}}`);
  lines.push(`nested = ${"[".repeat(5_000)}${"]".repeat(5_000)}`);
  lines.push("def ident(f):", "    return f");
  lines.push(...Array.from({ length: 200 }, () => "@ident"), "def decorated():", "    pass", "decorated()");
  lines.push(`a${", a".repeat(500)} = ${"leaf, ".repeat(500)}leaf`);
  const started = performance.now();
  const g = await pycgOf(lines.join("\n") + "\n");
  expect(performance.now() - started).toBeLessThan(20_000);
  // The argument flows through the first rounds of the chain; beyond the bounded depth of
  // parameter resolution the callee is unknown rather than wrong.
  expect(g["main.c0"]).toEqual(["main.c1"]);
  expect(g["main.c300"] === undefined || g["main.c300"].every((c) => c === "main.leaf")).toBe(true);
  expect(g.main).toContain("main.decorated");
}, 60_000);

// A package value fed its own attribute (a recursive call on `p.parent`, `node = node.next` in a
// loop) grew one name per round up to the answer bound: pip's graph had 1,510 edges to such names
// (`typing.NamedTuple.tree.tree.tree…`). Names stop at an attribute they already have past the
// depth of an import path (and at 8 attributes): k-limited access paths.
test("a package value fed its own attribute stops growing", async () => {
  const graph = await pycgOf([
    "from pathlib import Path",
    "def climb(p, n):", "    if n:", "        climb(p.parent, n - 1)", "    p.touch()",
    "def walk(node):", "    while node is not None:", "        node.visit()", "        node = node.next_sibling",
    "def deep(x):", "    return x.a.b.c.d.e.f.g.h.i.j()",
    "climb(Path('.'), 3)", "walk(Path('.').root_node)", "deep(Path('.'))",
  ].join("\n"));
  expect(graph["main.climb"]).toEqual(["main.climb", "pathlib.Path.parent.parent.touch", "pathlib.Path.parent.touch", "pathlib.Path.touch"]);
  expect(graph["main.walk"]).toEqual(["pathlib.Path.root_node.next_sibling.visit", "pathlib.Path.root_node.visit"]);
  // Distinct attributes: eight at most.
  expect(graph["main.deep"]).toEqual([]);
});

// pip's rich: NamedTuple instances made from the fields of other instances (`Segment(seg.text,
// style)`) read those fields from every call of the class, which read fields of other instances in
// turn: unmemoised, each read went round down to the depth bound at every branch (pip's assembly
// ran for minutes; this file for over a minute). Field answers are memoised questions now.
test("generated-__init__ fields fed from other instances' fields are a cycle resolved once", async () => {
  const lines = ["from typing import NamedTuple", "class Seg(NamedTuple):", "    text: object", "    style: object", "    control: object", "def a():", "    pass"];
  let made = "Seg(a, a, a)";
  for (let k = 0; k < 16; k++) {
    lines.push(`def m${k}(s):`, "    t = Seg(s.style, s.control, s.text)", "    return Seg(t.control, s.text, t.style)");
    made = `m${k}(${made})`;
  }
  lines.push(`x = ${made}`, "x.text()");
  const signal = new AbortController();
  setDeadline(signal.signal, performance.now() + 20_000, () => signal.abort(new Error("assembly did not finish in 20 s")));
  const g = await pycgOf(lines.join("\n"), signal.signal);
  // Every field holds what the first call passed for all three: `a`.
  expect(g["main"]).toContain("main.a");
}, 60_000);

// jsonpath_ng's vendored ply yacc.py (3,400 lines) never finished: its parser's tokens are a
// package's objects (what `p_error` from `sys._getframe(2).f_globals` returns) and our instances,
// and its three parse methods set their attributes from each other (`sym.lineno = t1.lineno`,
// `lookahead.lineno = sym.lineno`). Each read of such an attribute of a package's object resolved
// every value set for it, each of which read it again, down to the depth limit at every branch
// (this program: 21 million member() calls at depth 25 in 15 s). They are memoised questions now.
test("attributes set on a package's objects from each other are a cycle resolved once", async () => {
  const parse = (name: string) => [
    `    def ${name}(self, lexer=None):`,
    "        if not lexer:", "            lexer = module_dict(2).get('lexer')",
    "        get_token = lexer.token",
    "        symstack = []", "        lookahead = None", "        errtoken = None",
    "        while True:",
    "            if not lookahead:", "                lookahead = get_token()",
    "            if lookahead:",
    "                symstack.append(lookahead)", "                sym = Symbol()",
    "                t1 = symstack[-3:][1]",
    "                sym.lineno = t1.lineno", "                sym.endlineno = getattr(t1, 'endlineno', t1.lineno)",
    "                symstack.append(sym)", "                lookahead = sym", "                continue",
    "            sym = Symbol()", "            sym.lineno = lexer.lineno",
    "            errtoken = lookahead",
    "            if errtoken and not hasattr(errtoken, 'lexer'):", "                errtoken.lexer = lexer",
    "            tok = call_errorfunc(self.errorfunc, errtoken)",
    "            if tok:", "                lookahead = tok", "                continue",
    "            if hasattr(lookahead, 'lineno'):",
    "                t = Symbol()", "                t.lineno = t.endlineno = lookahead.lineno", "                lookahead = t",
    "            else:",
    "                sym = symstack.pop()", "                lookahead.lineno = sym.lineno",
  ];
  const lines = [
    "import sys",
    "def module_dict(levels):", "    f = sys._getframe(levels)", "    return f.f_globals.copy()",
    "def call_errorfunc(errorfunc, token):", "    r = errorfunc(token)", "    return r",
    "class Symbol:", "    pass",
    "class Parser:",
    "    def __init__(self, errorf):", "        self.errorfunc = errorf",
    ...parse("parse"), ...parse("parse2"), ...parse("parse3"),
    "p = Parser(module_dict(2).get('p_error'))",
    "p.parse()", "p.parse2()", "p.parse3()",
  ];
  const signal = new AbortController();
  setDeadline(signal.signal, performance.now() + 20_000, () => signal.abort(new Error("assembly did not finish in 20 s")));
  const g = await pycgOf(lines.join("\n"), signal.signal);
  expect(g["main.Parser.parse3"]).toContain("main.call_errorfunc");
}, 60_000);

// pycparser's c_parser.py (190 KB with its package) never finished: its AST nodes' constructors
// store their arguments (`self.type = type`), the parser passes them other nodes' fields
// (`Decl(quals=spec['qual'], type=decl['decl'].type)`), and walks and rewires them from outside
// (`typ = typ.type` in a loop, then `typ.quals = decl.quals[:]`, `tail.type = decl.type`). Each
// read of a node's field at its creation site (siteAttr()) asked whether the field is set from
// outside (setFromOutside()), resolving every value so set, each a field of a node again: down to
// the depth limit at every branch (millions of member() calls at depth 25). Attributes set from
// outside are a memoised question now.
test("node fields set from outside from each other's fields are a cycle resolved once", async () => {
  const names = ["TypeDecl", "PtrDecl", "ArrayDecl", "FuncDecl", "Decl", "Typedef", "Typename"];
  const lines = ["def on_fix():", "    pass", "class Node:", "    pass"];
  for (const n of names) {
    lines.push(`class ${n}(Node):`, "    def __init__(self, quals, type, coord):",
      "        self.quals = quals", "        self.type = type", "        self.coord = coord");
  }
  lines.push(
    "class Parser:",
    "    def fix(self, decl, typename):",
    "        typ = decl",
    "        while not isinstance(typ, TypeDecl):", "            typ = typ.type",
    "        typ.quals = decl.quals[:]",
    "        for tn in typename:", "            typ.type = tn",
    "        typ.type = decl.type",
    "        on_fix()",
    "        return decl",
    "    def modify(self, decl, modifier):",
    "        tail = modifier",
    "        while tail.type:", "            tail = tail.type",
    "        tail.type = decl.type",
    "        decl.type = modifier",
    "        return decl",
  );
  names.forEach((n, i) => {
    lines.push(`    def build${i}(self, spec, decl):`,
      `        d = ${n}(quals=decl.quals, type=decl['decl'].type, coord=decl['decl'].coord)`,
      `        e = ${names[(i + 1) % names.length]}(spec['qual'], d.type, d.coord)`,
      "        d = self.modify(d, e)",
      "        return self.fix(d, [e.type, d.quals])");
  });
  lines.push("p = Parser()");
  names.forEach((n, i) => lines.push(`r${i} = p.build${i}({'qual': []}, {'decl': ${n}([], None, None)})`));
  const signal = new AbortController();
  setDeadline(signal.signal, performance.now() + 20_000, () => signal.abort(new Error("assembly did not finish in 20 s")));
  const g = await pycgOf(lines.join("\n"), signal.signal);
  expect(g["main.Parser.fix"]).toContain("main.on_fix");
}, 60_000);

// pydantic's experimental/pipeline.py never finished: `_apply_constraint(s, constraint)` rebinds
// `s` from itself thirty times (`s = s.copy()`, `s = _check_func(check, s)`, `s =
// _apply_constraint(s, c)`). Each read of `s` before a later binding (a `prior` root: the bindings
// so far) resolved every earlier binding afresh, each reading its own priors again: twice the work
// per binding, down to the depth limit (a million param() calls in 40 s). They are memoised questions now.
test("a name rebound from itself many times is read once per binding", async () => {
  const lines = [
    "def on_check():", "    pass",
    "def check_func(func, s):", "    on_check()", "    return {'type': 'function-after', 'schema': s, 'func': func}",
    "def apply_constraint(s, c):",
  ];
  for (let i = 0; i < 16; i++) {
    lines.push(`    if c == ${i}:`,
      "        if s and s['type'] == 'int':", "            s = s.copy()", `            s['k${i}'] = c`,
      "        else:", "            s = check_func(lambda v: v > c, s)",
      "        s = apply_constraint(s, c - 1)");
  }
  lines.push("    return s", "r = apply_constraint({'type': 'int'}, 15)");
  const signal = new AbortController();
  setDeadline(signal.signal, performance.now() + 20_000, () => signal.abort(new Error("assembly did not finish in 20 s")));
  const g = await pycgOf(lines.join("\n"), signal.signal);
  expect(g["main.apply_constraint"]).toContain("main.check_func");
}, 60_000);

// pycparser's `_parse_postfix_expression` (once the fields set from outside were memoised, still
// exponential): `expr = ArrayRef(expr, sub, expr.coord)`, `expr = StructRef(..., expr.coord)`, ...
// in a loop. A node's field read at its creation site (siteAttr()) resolved the argument there,
// `expr.coord`, the same field of the nodes made at the other sites of the loop: each resolved
// afresh, branching at every level down to the depth limit. The argument at a site is a memoised
// question (as a literal's item) now.
test("node fields passed from the previous node in a loop are a cycle resolved once", async () => {
  const classes: [string, string[]][] = [["ID", ["name"]], ["ArrayRef", ["name", "subscript"]], ["StructRef", ["name", "type", "field"]], ["FuncCall", ["name", "args"]], ["UnaryOp", ["op", "expr"]]];
  const lines = ["def on_parse():", "    pass"];
  for (const [n, fields] of classes) {
    lines.push(`class ${n}:`, `    def __init__(self, ${[...fields, "coord"].join(", ")}):`, ...[...fields, "coord"].map((f) => `        self.${f} = ${f}`));
  }
  lines.push(
    "class Parser:",
    "    def __init__(self, tokens):", "        self.tokens = tokens",
    "    def parse_postfix(self):",
    "        on_parse()",
    "        expr = ID(self.tokens.pop(), (1, 1))",
    "        while self.tokens:",
    "            tok = self.tokens.pop()",
    "            if tok == '[':", "                expr = ArrayRef(expr, self.parse_postfix(), expr.coord)",
    "            elif tok == '.':", "                expr = StructRef(expr, tok, ID(self.tokens.pop(), expr.coord), expr.coord)",
    "            elif tok == '(':", "                expr = FuncCall(expr, self.parse_postfix(), expr.coord)",
    "            elif tok == '++':", "                expr = UnaryOp('p++', expr, expr.coord)",
    "            else:", "                break",
    "        return expr",
    "Parser(['x', '.', 'a', '[', 'y']).parse_postfix()",
  );
  const signal = new AbortController();
  setDeadline(signal.signal, performance.now() + 20_000, () => signal.abort(new Error("assembly did not finish in 20 s")));
  const g = await pycgOf(lines.join("\n"), signal.signal);
  expect(g["main.Parser.parse_postfix"]).toContain("main.on_parse");
}, 60_000);
