// pyAncestors (facts-py.ts) finds a node's ancestors in one descent from the root (starting below
// the previous question's ancestors that hold this node); it must give exactly the chain
// `node.parent` walks up, for every node of real Python files, asked in any order.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Node } from "web-tree-sitter";
import { ancestorWalksUp, pyAncestors } from "../../src/scan/callgraph/facts-py-flow.ts";
import { parseSource } from "../../src/scan/callgraph/parser.ts";
import { listFiles, readSource } from "../../src/scan/callgraph/walk.ts";
import { FIXTURES, PROJECTS } from "./helpers.ts";

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
  const dirs = [join(PROJECTS, "py-app"), join(PROJECTS, "py-dynamic"), join(FIXTURES, "pycg", "python"), join(FIXTURES, "apps")];
  for (const root of dirs) {
    test(`${root.slice(FIXTURES.length + 1)}: the chain node.parent walks, for every node`, async () => {
      const sources = (await listFiles(root)).sources.filter((s) => s.grammar === "python");
      expect(sources.length).toBeGreaterThan(0);
      let checked = 0;
      for (const src of sources) {
        const read = await readSource(root, src.path);
        if (!("text" in read)) continue;
        const parsed = await parseSource(src.grammar, read.text);
        if (!("tree" in parsed)) throw new Error(parsed.error);
        try {
          const nodes = allNodes(parsed.tree.rootNode);
          // Walk order (each node after its parent), then a fixed shuffle: the prefix reuse
          // must hold whatever the previous question was.
          let seed = 7;
          const shuffled = [...nodes].sort(() => ((seed = (seed * 16807) % 2147483647) % 3) - 1);
          for (const node of [...nodes, ...shuffled]) {
            const up: string[] = [];
            for (let p = node.parent; p; p = p.parent) up.push(`${p.type}@${p.startIndex}`);
            // The root first, the nearest last.
            expect(pyAncestors(node).map((a) => `${a.type}@${a.start}`)).toEqual(up.reverse());
            checked++;
          }
        } finally {
          parsed.tree.delete();
        }
      }
      expect(checked).toBeGreaterThan(50);
      // Every answer came from the descent (its fallback, walking up, would hide a wrong start).
      expect(ancestorWalksUp()).toBe(0);
    });
  }
});
