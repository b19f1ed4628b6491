// jsRef and pyRef read member chains written as plain dotted names from their text (one crossing
// into WASM instead of four per member). That shortcut must give exactly the Ref of the
// node-by-node walk, for every member expression of real code and of written-to-break-it code.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Node } from "web-tree-sitter";
import { parseSource, type Grammar } from "../../src/scan/callgraph/parser.ts";
import { jsRef } from "../../src/scan/callgraph/refs-js.ts";
import { pyRef } from "../../src/scan/callgraph/refs-py.ts";
import { listFiles, readSource } from "../../src/scan/callgraph/walk.ts";
import { FIXTURES } from "./helpers.ts";

/** Every member expression (Python: attribute) of a tree, with a cursor walk (no recursion). */
function memberExpressions(root: Node, type: string): Node[] {
  const out: Node[] = [];
  const cursor = root.walk();
  for (;;) {
    if (cursor.nodeType === type) out.push(cursor.currentNode);
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        cursor.delete();
        return out;
      }
    }
  }
}

async function compare(grammar: Grammar, text: string): Promise<number> {
  const parsed = await parseSource(grammar, text);
  if (!("tree" in parsed)) throw new Error(parsed.error);
  try {
    const defs = new Set<number>();
    if (grammar === "python") {
      const attributes = memberExpressions(parsed.tree.rootNode, "attribute");
      for (const m of attributes) {
        expect({ text: m.text, ref: pyRef(m, defs) }).toEqual({ text: m.text, ref: pyRef(m, defs, 0, undefined, undefined, false) });
      }
      return attributes.length;
    }
    const members = memberExpressions(parsed.tree.rootNode, "member_expression");
    for (const m of members) expect({ text: m.text, ref: jsRef(m, defs) }).toEqual({ text: m.text, ref: jsRef(m, defs, false) });
    return members.length;
  } finally {
    parsed.tree.delete();
  }
}

describe("dotted member chains", () => {
  test("same Ref as the node walk on hand-written edge cases (JS, TS, TSX)", async () => {
    const edge = [
      "a.b; this.x.y; super.m; a.b.c.d.e(); undefined.x; null.y; true.z; import.meta.url; new.target;",
      "get.x; set.y; async.z; let.w; of.v; static.s; arguments.length; globalThis.process.env;",
      "a?.b.c; a.#p; this.#q.r; a\n.b; a /* c */ .b; a . b; é.x; a.é; $.fn.x; _.template; a$.b_1;",
      "(a).b; a[0].b; a.b[c].d; f().g.h; new C().m; `t`.length; 'str'.trim; 1..toString; [a].x;",
      `x${".m".repeat(70)};`, `y${".m".repeat(63)}; z${".m".repeat(64)}; w${".m".repeat(65)};`,
      "a.b = c.d; const { x } = o.p; function f(p = q.r) { return s.t; }",
      "a.b.; .c; a..b; a.b(",
    ].join("\n");
    expect(await compare("javascript", edge)).toBeGreaterThan(40);
    const ts = edge + "\nmodule.exports.x; declare.y; namespace.z; type.t; number.n; any.a; a!.b; (a as B).c; a.b<T>();\n";
    expect(await compare("typescript", ts)).toBeGreaterThan(40);
    expect(await compare("tsx", ts + "const e = <A.B c={d.e} />;\n")).toBeGreaterThan(40);
  });

  test("same Ref as the node walk on hand-written edge cases (Python)", async () => {
    const edge = [
      "a.b; self.x.y; cls.m; super.m; super().m; a.b.c.d.e(); None.x; True.y; False.z; print.x",
      "a\
.b; a . b; (a).b; a.b  # c", "é.x; a.é; _.x; a_1.b2; __class__.__name__; type.mro; match.group",
      "a[0].b; a.b[c].d; f().g.h; 'str'.join; 1 .real; [a].x; {}.keys; (1, 2).count",
      `x${".m".repeat(70)}`, `y${".m".repeat(63)}; z${".m".repeat(64)}; w${".m".repeat(65)}`,
      "a.b = c.d", "def f(p=q.r):\n    return s.t", "a.b.", "a..b", "a.b(", "await a.b", "lambda: a.b",
    ].join("\n");
    expect(await compare("python", edge)).toBeGreaterThan(40);
  });

  test("same Ref as the node walk on every fixture file", async () => {
    let count = 0;
    for (const dir of ["projects", "apps", "callgraph", "pycg"]) {
      const root = join(FIXTURES, dir);
      for (const src of (await listFiles(root)).sources) {
        const read = await readSource(root, src.path);
        if ("text" in read) count += await compare(src.grammar, read.text);
      }
    }
    expect(count).toBeGreaterThan(500);
  });
});
