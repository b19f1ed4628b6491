// The edge ends a full assembly records beside its graph (callgraph/edge-ends.ts) must be what
// looking the ids up gives, and the search made from them (ids looked up file by file) the
// search made by id.
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { takeEdgeEnds } from "../../src/scan/callgraph/edge-ends.ts";
import { searchState, type SearchState } from "../../src/scan/reach/search.ts";
import { PROJECTS } from "./helpers.ts";

const answers = (s: SearchState) => ({
  dist: [...s.dist], edgeFrom: [...s.edgeFrom], edgeTo: [...s.memo.edgeTo], unique: s.memo.unique,
  preds: [...s.predStart, -1, ...s.predFrom, -1, ...s.predLine], labels: [...s.labels],
});

describe("edge ends recorded by the assembly", () => {
  for (const name of readdirSync(PROJECTS).sort()) {
    test(`${name}: the ends' indices, and the search from them`, async () => {
      const graph = await buildProjectGraph(join(PROJECTS, name), { pool: false });
      const byId = new Map(graph.nodes.map((n, i) => [n.id, i]));
      expect(byId.size).toBe(graph.nodes.length);
      const ends = takeEdgeEnds(graph.edges);
      expect(ends).not.toBeNull();
      expect([...ends!.from]).toEqual(graph.edges.map((e) => byId.get(e.from)!));
      // Those known by id only are looked up by the search.
      const to = [...ends!.to];
      for (const k of ends!.byId) to[k] = byId.get(graph.edges[k]!.to)!;
      expect(to).toEqual(graph.edges.map((e) => byId.get(e.to)!));
      expect([...ends!.line]).toEqual(graph.edges.map((e) => e.line));
      // Taken once: the search of another build of the same project reads them.
      expect(takeEdgeEnds(graph.edges)).toBeNull();
      const again = await buildProjectGraph(join(PROJECTS, name), { pool: false });
      const recorded = searchState(again);
      const looked = searchState({ ...again, edges: again.edges.slice() });
      expect(recorded.index).not.toBeInstanceOf(Map);
      expect(answers(recorded)).toEqual(answers(looked));
      const ids = [...again.nodes.map((n) => n.id), "nowhere.js#f", `${again.nodes[0]!.file}#nothing`, "no-hash"];
      expect(ids.map((id) => recorded.index.get(id))).toEqual(ids.map((id) => looked.index.get(id)));
    });
  }
});
