// pyAncestors (facts-py.ts) finds a node's ancestors in one descent from the root; it must give
// exactly the chain `node.parent` walks up, for every node of real Python files.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Node } from "web-tree-sitter";
import { pyAncestors } from "../../src/scan/callgraph/facts-py.ts";
import { parseSource } from "../../src/scan/callgraph/parser.ts";
import { listFiles, readSource } from "../../src/scan/callgraph/walk.ts";
import { PROJECTS } from "./helpers.ts";

function allNodes(root: Node): Node[] {
  const out: Node[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n);
    for (const c of n.children) if (c) stack.push(c);
  }
  return out;
}

describe("pyAncestors", () => {
  for (const project of ["py-app", "py-dynamic"]) {
    test(`${project}: the chain node.parent walks, for every node`, async () => {
      const root = join(PROJECTS, project);
      const sources = (await listFiles(root)).sources.filter((s) => s.grammar === "python");
      expect(sources.length).toBeGreaterThan(0);
      let checked = 0;
      for (const src of sources) {
        const read = await readSource(root, src.path);
        if (!("text" in read)) continue;
        const parsed = await parseSource(src.grammar, read.text);
        if (!("tree" in parsed)) throw new Error(parsed.error);
        try {
          for (const node of allNodes(parsed.tree.rootNode)) {
            const up: string[] = [];
            for (let p = node.parent; p; p = p.parent) up.push(`${p.type}@${p.startIndex}`);
            expect(pyAncestors(node).map((a) => `${a.type}@${a.start}`)).toEqual(up);
            checked++;
          }
        } finally {
          parsed.tree.delete();
        }
      }
      expect(checked).toBeGreaterThan(50);
    });
  }
});
