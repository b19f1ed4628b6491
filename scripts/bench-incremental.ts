// One-file re-scan with incremental state (src/scan/callgraph/incremental.ts) against today's
// re-scan (facts from the on-disk cache, assembly from scratch), in one process:
//
//   bun scripts/bench-incremental.ts [--lines 200000] [--lang js|ts|py] [--reps 3] [--workdir DIR]
//
// After a JIT warm-up, per repetition, interleaved: a first build with a cold facts cache (plain,
// then keeping the assembly for the next build), and after the benchmark's edit (one new function
// in one module, as scripts/bench-scan.ts does) a plain re-build with the warm cache, a re-build
// with assembly reuse from the state the first one left (what scan jobs do). Prints the least wall
// and CPU time of each (CPU of the whole process: the parse workers count) and the phases of the
// fastest run, every repetition's incremental re-scan (the first of the process also loads the
// parser in-process), and how many edges differ between the incremental and the plain graph
// (none: the tests prove equality).
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateCorpus, type CorpusLang } from "./gen-corpus.ts";
import { FactsCache } from "../src/scan/callgraph/cache.ts";
import { buildProjectGraph, type ProjectGraph } from "../src/scan/callgraph/index.ts";
import { newIncrementalState, type IncrementalState } from "../src/scan/callgraph/incremental.ts";

const args = process.argv.slice(2);
const opt = (name: string, def: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : def;
};
const lines = Number(opt("lines", "200000"));
const lang = opt("lang", "js") as CorpusLang;
const reps = Number(opt("reps", "3"));
const work = opt("workdir", "") || mkdtempSync(join(tmpdir(), "reachd-bench-incr-"));

interface Run {
  ms: number;
  cpuMs: number;
  phases: Record<string, number>;
  graph: ProjectGraph;
}

async function timed(dir: string, cache: FactsCache, incremental?: IncrementalState): Promise<Run> {
  const phases: Record<string, number> = {};
  const cpu = process.cpuUsage();
  const started = performance.now();
  const graph = await buildProjectGraph(dir, { cache, incremental, onPhase: (p, ms) => (phases[p] = ms) });
  const d = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (d.user + d.system) / 1000, phases, graph };
}

const best: Record<string, Run> = {};
const keep = (name: string, r: Run): void => {
  if (!best[name] || r.cpuMs < best[name]!.cpuMs) best[name] = r;
};
let resolved = "";
const rescans: string[] = [];
{
  // JIT warm-up on a small corpus, so that no measurement pays for compiling the hot code (a
  // server's re-scan runs in a warm process; its first scan mostly did too).
  const dir = join(work, "warm-up");
  rmSync(dir, { recursive: true, force: true });
  generateCorpus(lang, dir, 20_000);
  await timed(dir, new FactsCache(join(work, "cache-warm-up")));
  await timed(dir, new FactsCache(join(work, "cache-warm-up")), newIncrementalState({ reuseAssembly: true }));
  rmSync(dir, { recursive: true, force: true });
}
for (let rep = 0; rep < reps; rep++) {
  const dir = join(work, `corpus-${rep}`);
  rmSync(dir, { recursive: true, force: true });
  const corpus = generateCorpus(lang, dir, lines);
  const plainCache = new FactsCache(join(work, `cache-plain-${rep}`));
  const incCache = new FactsCache(join(work, `cache-incr-${rep}`));
  const state = newIncrementalState({ reuseAssembly: true });
  keep("first scan, plain", await timed(dir, plainCache));
  keep("first scan, incremental mode", await timed(dir, incCache, state));
  appendFileSync(join(dir, corpus.sample), lang === "py" ? "\n\ndef bench_edit():\n    return 1\n" : "\nfunction benchEdit() { return 1; }\n");
  keep("re-scan, plain (warm cache)", await timed(dir, plainCache));
  const again = await timed(dir, incCache, state);
  keep("re-scan, incremental", again);
  // The first one-file re-scan of a process parses in-process for the first time (the first
  // scan parsed in workers): it loads tree-sitter and the grammar on the main thread.
  rescans.push(`${(again.ms / 1000).toFixed(2)} s (facts ${((again.phases.facts ?? 0) / 1000).toFixed(2)}, assemble ${((again.phases.assemble ?? 0) / 1000).toFixed(2)})`);
  resolved = `${state.lastResolved?.length ?? "all"} of ${again.graph.files.length} files re-resolved`;
  rmSync(dir, { recursive: true, force: true });
}
const edgeSet = (g: ProjectGraph): Set<string> => new Set(g.edges.map((e) => `${e.from} ${e.to} ${e.line} ${e.kind}`));
const plain = edgeSet(best["re-scan, plain (warm cache)"]!.graph);
const inc = edgeSet(best["re-scan, incremental"]!.graph);
const only = (a: Set<string>, b: Set<string>): number => [...a].filter((x) => !b.has(x)).length;

console.log(`${lang} corpus, ${lines} lines, least of ${reps} (CPU ms decides)`);
for (const [name, r] of Object.entries(best)) {
  const phases = Object.entries(r.phases).map(([p, ms]) => `${p} ${(ms / 1000).toFixed(2)}`).join(", ");
  console.log(`  ${name.padEnd(30)} wall ${(r.ms / 1000).toFixed(2)} s  cpu ${(r.cpuMs / 1000).toFixed(2)} s  (${phases})`);
}
const first = best["first scan, plain"]!;
for (const name of ["re-scan, plain (warm cache)", "re-scan, incremental"]) {
  const again = best[name]!;
  console.log(`  ${name}: ${(first.ms / again.ms).toFixed(1)}x faster than the plain first scan (wall), ${(first.cpuMs / again.cpuMs).toFixed(1)}x (cpu)`);
}
console.log(`  incremental: ${resolved}; each repetition's incremental re-scan (wall): ${rescans.join(", ")}`);
console.log(`  edges only in the plain graph: ${only(plain, inc)}, only in the incremental graph: ${only(inc, plain)}`);
if (!opt("workdir", "")) rmSync(work, { recursive: true, force: true });
