// wasm-node.ts replaces web-tree-sitter's Node accessors and Query.matches with versions that
// cross into WASM through an Int32Array. Every answer must be the library's: checked here against
// a TreeCursor walk (the cursor's own accessors are not replaced) on every node of every fixture
// source file, of generated code and of broken code, and against Query.matches on the same trees.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Node, Tree, TreeCursor } from "web-tree-sitter";
import { parseSource, type Grammar } from "../../src/scan/callgraph/parser.ts";
import { queryFor } from "../../src/scan/callgraph/queries.ts";
import { listFiles, readSource } from "../../src/scan/callgraph/walk.ts";
import { endRowOf, queryMatches, rowOf } from "../../src/scan/callgraph/wasm-node.ts";
import { FIXTURES } from "./helpers.ts";
import { generateCorpus } from "../../scripts/gen-corpus.ts";

interface Seen {
  id: number;
  type: string;
  typeId: number;
  named: boolean;
  start: number;
  startPosition: { row: number; column: number };
  end: number;
  endPosition: { row: number; column: number };
  fieldId: number;
  /** An ERROR or MISSING node in this subtree. */
  broken: boolean;
  children: Seen[];
}

/** The subtree at the cursor as the cursor reads it, each node's accessors checked on the way. */
function visit(cursor: TreeCursor, source: string, counter: { nodes: number }): Seen {
  const node = cursor.currentNode;
  const seen: Seen = {
    id: cursor.nodeId, type: cursor.nodeType, typeId: cursor.nodeTypeId, named: cursor.nodeIsNamed,
    start: cursor.startIndex, startPosition: cursor.startPosition, end: cursor.endIndex, endPosition: cursor.endPosition, fieldId: cursor.currentFieldId,
    broken: cursor.nodeType === "ERROR" || cursor.nodeIsMissing, children: [],
  };
  if (cursor.gotoFirstChild()) {
    do seen.children.push(visit(cursor, source, counter));
    while (cursor.gotoNextSibling());
    cursor.gotoParent();
  }
  seen.broken ||= seen.children.some((c) => c.broken);
  check(node, seen, source);
  counter.nodes++;
  return seen;
}

function check(node: Node, seen: Seen, source: string): void {
  // Children lists are read from the tree's memory: each child's position and type too.
  const ids = (nodes: (Node | null)[]) => nodes.map((n) => n && { id: n.id, start: n.startIndex, at: n.startPosition, type: n.type, named: n.isNamed });
  const expected = (nodes: Seen[]) => nodes.map((c) => ({ id: c.id, start: c.start, at: c.startPosition, type: c.type, named: c.named }));
  expect({ type: node.type, typeId: node.typeId, named: node.isNamed, end: node.endIndex, endPosition: node.endPosition, hasError: node.hasError })
    .toEqual({ type: seen.type, typeId: seen.typeId, named: seen.named, end: seen.end, endPosition: seen.endPosition, hasError: seen.broken });
  expect(node.text).toBe(source.slice(seen.start, seen.end));
  // The rows extraction reads without making points.
  expect({ row: rowOf(node), endRow: endRowOf(node) }).toEqual({ row: seen.startPosition.row, endRow: seen.endPosition.row });
  const named = seen.children.filter((c) => c.named);
  expect({ children: ids(node.children), named: ids(node.namedChildren), count: node.childCount, namedCount: node.namedChildCount })
    .toEqual({ children: expected(seen.children), named: expected(named), count: seen.children.length, namedCount: named.length });
  seen.children.forEach((c, i) => {
    expect(node.child(i)?.id).toBe(c.id);
    // web-tree-sitter's own methods marshal our nodes too (a cursor's type reads the alias word).
    // Deleted here: a collected cursor's finalizer deletes whatever cursor the transfer buffer
    // holds at that moment, which frees a pointer taken from the last words written there.
    const cursor = node.child(i)!.walk();
    expect(cursor.nodeType).toBe(c.type);
    cursor.delete();
    // Tree-sitter reads no fields inside an ERROR node.
    if (c.fieldId && seen.type !== "ERROR") expect(ids([node.childForFieldId(c.fieldId)])).toEqual(expected([seen.children.find((d) => d.fieldId === c.fieldId)!]));
    const grandchild = node.child(i)!.child(0);
    if (grandchild) expect(node.childWithDescendant(grandchild)?.id).toBe(c.id);
  });
  named.forEach((c, i) => expect(node.namedChild(i)?.id).toBe(c.id));
  expect(node.child(seen.children.length)).toBeNull();
  expect(node.childForFieldId(0)).toBeNull();
  const first = node.child(0);
  if (first) expect(first.parent?.id).toBe(seen.id);
}

function compareMatches(tree: Tree, query: Awaited<ReturnType<typeof queryFor>>): number {
  const plain = (ms: ReturnType<typeof queryMatches>) => ms.map((m) => ({
    patternIndex: m.patternIndex, setProperties: m.setProperties, assertedProperties: m.assertedProperties, refutedProperties: m.refutedProperties,
    captures: m.captures.map((c) => ({ patternIndex: c.patternIndex, name: c.name, id: c.node.id, start: c.node.startIndex, at: c.node.startPosition })),
  }));
  const ours = queryMatches(query, tree.rootNode);
  expect(plain(ours)).toEqual(plain(query.matches(tree.rootNode)));
  return ours.length;
}

async function compare(grammar: Grammar, source: string, counter: { nodes: number; matches: number }): Promise<void> {
  const parsed = await parseSource(grammar, source);
  if (!("tree" in parsed)) throw new Error(parsed.error);
  try {
    const cursor = parsed.tree.walk();
    visit(cursor, source, counter);
    cursor.delete();
    counter.matches += compareMatches(parsed.tree, await queryFor(grammar));
  } finally {
    parsed.tree.delete();
  }
}

describe("WASM node accessors", () => {
  test("the library's answers on broken and non-ASCII code", async () => {
    const counter = { nodes: 0, matches: 0 };
    await compare("javascript", "const é = (a, { b: [c] }) => { f(a.b, 'ü😀'); if (x { } ; class K extends B { get m() {} }\nexports.run = function () {", counter);
    await compare("typescript", "function f(x: T<", counter);
    await compare("tsx", "const e = <A.B c={d.e}>{'😀'}</A.B>; eval(s); new Function('x')", counter);
    await compare("python", "def f(self, *a, **k):\n    self.x = lambda: g(\nclass C(B):\n  é = 'ü😀'\nif __name__ == '__main__':\n  eval(s)\n", counter);
    expect(counter.nodes).toBeGreaterThan(200);
    // Matches of the query extraction runs: fewer since patterns moved into the handlers (20 here).
    expect(counter.matches).toBeGreaterThan(15);
  });

  test("the library's answers after the WASM memory grew (views of the old memory are detached)", async () => {
    const small = await parseSource("javascript", "f(a.b)");
    if (!("tree" in small)) throw new Error(small.error);
    const before = small.tree.rootNode.child(0)!;
    // A tree and matches of this size grow the memory from its initial 32 MB several times.
    const big = Array.from({ length: 40_000 }, (_, i) => `function f${i}(a) { return g${i}(a.b, [x, y], { k: () => h(a) }); }`).join("\n");
    const parsed = await parseSource("javascript", big);
    if (!("tree" in parsed)) throw new Error(parsed.error);
    try {
      const query = await queryFor("javascript");
      const plain = (ms: ReturnType<typeof queryMatches>): string[] =>
        ms.map((m) => `${m.patternIndex}:${m.captures.map((c) => `${c.name}@${c.node.id}/${c.node.startIndex}/${c.node.type}/${c.node.endIndex}`).join(",")}`);
      const ours = plain(queryMatches(query, parsed.tree.rootNode));
      // 7 matches a line (an arrow and its body are one match).
      expect(ours.length).toBeGreaterThan(250_000);
      expect(ours).toEqual(plain(query.matches(parsed.tree.rootNode)));
      expect({ type: before.type, text: before.text, end: before.endPosition }).toEqual({ type: "expression_statement", text: "f(a.b)", end: { row: 0, column: 6 } });
    } finally {
      parsed.tree.delete();
      small.tree.delete();
    }
  }, 120_000);

  test("the library's answers on every node of every fixture source file", async () => {
    const counter = { nodes: 0, matches: 0 };
    for (const dir of ["projects", "apps", "callgraph", "pycg"]) {
      const root = join(FIXTURES, dir);
      for (const src of (await listFiles(root)).sources) {
        const read = await readSource(root, src.path);
        if ("text" in read) await compare(src.grammar, read.text, counter);
      }
    }
    expect(counter.nodes).toBeGreaterThan(30_000);
    expect(counter.matches).toBeGreaterThan(4_000);
  }, 120_000);

  // Type, end and end point are read from the tree's memory: generated code too (long files,
  // heap and inline subtrees of every size the generator writes).
  test("the library's answers on every node of generated JS, TS and Python", async () => {
    const tmp = mkdtempSync(join(tmpdir(), "reachd-wasm-node-"));
    try {
      const counter = { nodes: 0, matches: 0 };
      for (const lang of ["js", "ts", "py"] as const) {
        const dir = join(tmp, lang);
        generateCorpus(lang, dir, 2000);
        for (const src of (await listFiles(dir)).sources) {
          const read = await readSource(dir, src.path);
          if ("text" in read) await compare(src.grammar, read.text, counter);
        }
      }
      expect(counter.nodes).toBeGreaterThan(30_000);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 120_000);
});
