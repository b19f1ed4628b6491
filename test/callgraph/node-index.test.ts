// The node indices a full assembly records beside its graph (callgraph/node-index.ts) must be
// what looking the ids up gives, and the search made from them the search made by id.
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { takeNodeIndex } from "../../src/scan/callgraph/node-index.ts";
import { searchState, type SearchState } from "../../src/scan/reach/search.ts";
import { PROJECTS } from "./helpers.ts";

const answers = (s: SearchState) => ({
  index: [...s.index], dist: [...s.dist], edgeFrom: [...s.edgeFrom], edgeTo: [...s.memo.edgeTo],
  preds: [...s.predStart, -1, ...s.predFrom, -1, ...s.predLine], labels: [...s.labels], unique: s.memo.unique,
});

describe("node indices recorded by the assembly", () => {
  for (const name of readdirSync(PROJECTS).sort()) {
    test(`${name}: the ids' and edge ends' indices, and the search from them`, async () => {
      const graph = await buildProjectGraph(join(PROJECTS, name), { pool: false });
      const byId = new Map(graph.nodes.map((n, i) => [n.id, i]));
      const recorded = takeNodeIndex(graph.nodes, graph.edges);
      expect(recorded).not.toBeNull();
      expect([...recorded!.ids]).toEqual([...byId]);
      expect([...recorded!.from]).toEqual(graph.edges.map((e) => byId.get(e.from)!));
      expect([...recorded!.to]).toEqual(graph.edges.map((e) => byId.get(e.to)!));
      expect([...recorded!.line]).toEqual(graph.edges.map((e) => e.line));
      // Taken once: the search of another build of the same project reads them.
      expect(takeNodeIndex(graph.nodes, graph.edges)).toBeNull();
      const again = await buildProjectGraph(join(PROJECTS, name), { pool: false });
      expect(answers(searchState(again))).toEqual(answers(searchState({ ...again, edges: again.edges.slice() })));
    });
  }
});
