// The reach search of a re-scan's graph, given the previous graph's search (search.ts edgeEnds):
// it must be the search made from scratch, whatever the graphs share.
import { describe, expect, test } from "bun:test";
import { searchState, type SearchState } from "../../src/scan/reach/search.ts";
import type { GraphEdge, GraphNode, ProjectGraph } from "../../src/scan/callgraph/types.ts";

const node = (file: string, name: string): GraphNode => ({ id: `${file}#${name}`, file, line: 1, kind: name === "<module>" ? "module" : "function", name });
const edge = (from: GraphNode | string, to: GraphNode | string, line: number): GraphEdge =>
  ({ from: typeof from === "string" ? from : from.id, to: typeof to === "string" ? to : to.id, line, kind: "call" });

function graphOf(nodes: GraphNode[], edges: GraphEdge[]): ProjectGraph {
  return {
    files: [], nodes, edges, uses: [], dynamic: [], unresolved: [],
    entries: [{ file: "a.py", kind: "__main__", label: "a.py:__main__", nodes: ["a.py#<module>"], reason: "test" }],
  };
}

/** Everything a search answers with, comparable. */
const answers = (s: SearchState) => ({
  index: s.nodes.map((n) => s.index.get(n.id)), dist: [...s.dist], edgeFrom: [...s.edgeFrom], edgeTo: [...s.memo.edgeTo],
  preds: [...s.predStart, -1, ...s.predFrom, -1, ...s.predLine], labels: [...s.labels],
});

// Five files, the middle one edited between the scans.
const files = ["a.py", "b.py", "c.py", "d.py", "e.py"];
const before = files.map((f) => [node(f, "<module>"), node(f, "f"), node(f, "g")]);
const beforeEdges = files.map((f, i) => {
  const [m, fn, g] = before[i]!;
  const next = before[(i + 1) % files.length]!;
  return [edge(m!, fn!, 2), edge(fn!, g!, 3), edge(g!, next[0]!, 4), edge(fn!, next[1]!, 5)];
});
// d.py calls c.py's g, which the edit removes; e.py calls c.py's h, which the edit adds.
beforeEdges[3]!.push(edge(before[3]![1]!, "c.py#g", 9));
beforeEdges[4]!.push(edge(before[4]![1]!, "c.py#h", 9));
const old = graphOf(before.flat(), beforeEdges.flat());

function edited(): ProjectGraph {
  const c = [node("c.py", "<module>"), node("c.py", "f"), node("c.py", "new1"), node("c.py", "h"), node("c.py", "new2")];
  const cEdges = [edge(c[0]!, c[1]!, 2), edge(c[1]!, c[3]!, 3), edge(c[3]!, "d.py#<module>", 4), edge(c[1]!, c[4]!, 6), edge(c[4]!, "d.py#f", 7)];
  const nodes = [...before.slice(0, 2).flat(), ...c, ...before.slice(3).flat()];
  const edges = [...beforeEdges.slice(0, 2).flat(), ...cEdges, ...beforeEdges.slice(3).flat()];
  return graphOf(nodes, edges);
}

describe("search reuse", () => {
  test("an edited file in the middle: nodes added and removed, shared edges into it, ends that appear and vanish", () => {
    const previous = searchState(old).memo;
    const next = edited();
    const reused = searchState(next, previous);
    const fresh = searchState({ ...next });
    expect(answers(reused)).toEqual(answers(fresh));
    // The edge to the removed c.py#g has no end; the one to the added c.py#h has.
    const at = (from: string, to: string): number => next.edges.findIndex((e) => e.from === from && e.to === to);
    expect(reused.memo.edgeTo[at("d.py#f", "c.py#g")]).toBe(-1);
    expect(reused.memo.edgeTo[at("e.py#f", "c.py#h")]).toBe(reused.index.get("c.py#h")!);
    expect(reused.dist[reused.index.get("c.py#h")!]).toBeGreaterThan(0);
  });

  test("the same lists, lists shorter or longer at either end, another graph: the search from scratch", () => {
    const variants = [
      graphOf(old.nodes.slice(), old.edges.slice()),
      graphOf(old.nodes.slice(3), old.edges.slice(4)),
      graphOf([node("z.py", "<module>"), ...old.nodes], [edge("z.py#<module>", "a.py#f", 1), ...old.edges]),
      graphOf([...old.nodes, node("z.py", "<module>")], [...old.edges, edge("e.py#g", "z.py#<module>", 8)]),
      graphOf(old.nodes.slice(0, -3), old.edges.slice(0, -5)),
      edited(),
    ];
    for (const g of variants) {
      for (const previous of [searchState(old).memo, searchState(edited()).memo]) {
        expect(answers(searchState(g, previous))).toEqual(answers(searchState({ ...g })));
      }
    }
  });

  test("repeated ids: no reuse, the same answer as from scratch", () => {
    const dup = graphOf([...old.nodes, node("a.py", "f")], old.edges.slice());
    expect(answers(searchState(dup, searchState(old).memo))).toEqual(answers(searchState({ ...dup })));
    expect(answers(searchState(graphOf(old.nodes.slice(), old.edges.slice()), searchState(dup).memo))).toEqual(answers(searchState({ ...old })));
  });
});
