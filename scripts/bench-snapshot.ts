// Size of the re-evaluation snapshot a scan keeps: `bun scripts/bench-snapshot.ts PATH`.
// Builds the inventory and call graph of a checkout as a scan does, then prints the graph before
// and after pruning, the snapshot's JSON and gzipped sizes, and the time to encode and decode it.
import { resolve } from "node:path";
import { extractInventory } from "../src/scan/inventory/index.ts";
import { buildProjectGraph } from "../src/scan/callgraph/index.ts";
import { decodeSnapshot, encodeSnapshot, pruneGraph, SNAPSHOT_FORMAT } from "../src/scan/snapshot.ts";

const root = resolve(process.argv[2] ?? ".");
const inventory = await extractInventory(root);
const t0 = performance.now();
const graph = await buildProjectGraph(root, { pool: false });
const t1 = performance.now();
const pruned = pruneGraph(graph);
const stats = { dependencies: inventory.dependencies.length, lockfile_errors: [], unresolved: 0, files_analysed: graph.files.length, parse_errors: [] };
const encoded = encodeSnapshot(inventory.dependencies, graph, stats);
const t2 = performance.now();
if (!encoded.ok) throw new Error(encoded.reason);
const decoded = decodeSnapshot(SNAPSHOT_FORMAT, encoded.data);
const t3 = performance.now();
if (!decoded.ok) throw new Error(decoded.reason);
const json = JSON.stringify({ dependencies: inventory.dependencies, graph: pruned }).length;
console.log(`project: ${root}`);
console.log(`files ${graph.files.length}, dependencies ${inventory.dependencies.length}, call graph built in ${((t1 - t0) / 1000).toFixed(2)} s`);
console.log(`graph: ${graph.nodes.length} nodes / ${graph.edges.length} edges / ${graph.uses.length} uses; pruned: ${pruned.nodes.length} nodes / ${pruned.edges.length} edges`);
console.log(`snapshot: ${(json / 1024).toFixed(1)} KiB JSON, ${(encoded.data.length / 1024).toFixed(1)} KiB compressed; encode ${(t2 - t1).toFixed(0)} ms, decode ${(t3 - t2).toFixed(0)} ms`);
