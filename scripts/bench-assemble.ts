// Assembly CPU alone (resolution, argument flow, graph): the facts of each directory are built
// once, then assemble() runs on them repeatedly; prints CPU seconds per run (min and median after
// a warm-up run) and the graph's size. With --base ROOT, the assemble() of another checkout (the
// old code) runs too, interleaved with this one's, and the two graphs are compared.
//
//   bun scripts/bench-assemble.ts [--reps 5] [--base /path/to/old/checkout] DIR...
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { FileFacts } from "../src/scan/callgraph/fact-types.ts";
import { assemble } from "../src/scan/callgraph/graph.ts";
import { buildProjectGraph } from "../src/scan/callgraph/index.ts";
import type { ModuleIndex } from "../src/scan/callgraph/modules.ts";

type Assemble = typeof assemble;

const args = process.argv.slice(2);
let reps = 5;
let base: string | null = null;
const dirs: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--reps") reps = Number(args[++i]);
  else if (args[i] === "--base") base = resolve(args[++i]!);
  else dirs.push(args[i]!);
}
if (dirs.length === 0) throw new Error("usage: bench-assemble.ts [--reps N] [--base ROOT] DIR...");

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** CPU seconds of this process's main thread (the others are mostly the collector's). */
function mainThreadCpu(): number {
  const fields = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const variants: [string, Assemble][] = [["this", assemble]];
if (base) variants.push(["base", ((await import(`${base}/src/scan/callgraph/graph.ts`)) as { assemble: Assemble }).assemble]);

/** A graph's parts as one string, to tell whether two versions agree. */
function signature(parts: ReturnType<Assemble>["parts"]): string {
  return JSON.stringify([parts.nodes, parts.edges, parts.uses, parts.dynamic, parts.unresolved]);
}

for (const dir of dirs) {
  let input: { facts: FileFacts[]; index: ModuleIndex } | null = null;
  await buildProjectGraph(dir, { onAssembly: (facts, index) => (input = { facts, index }) });
  if (!input) throw new Error(`no assembly for ${dir}`);
  const { facts, index } = input as { facts: FileFacts[]; index: ModuleIndex };
  Bun.gc(true);
  const times = new Map<string, number[]>(variants.map(([name]) => [name, []]));
  const mains = new Map<string, number[]>(variants.map(([name]) => [name, []]));
  const sigs = new Map<string, string>();
  let size = "";
  for (let rep = 0; rep <= reps; rep++) {
    for (const [name, run] of rep % 2 === 0 ? variants : [...variants].reverse()) {
      const start = cpu();
      const startMain = mainThreadCpu();
      const { parts } = run(facts, index);
      const spent = cpu() - start;
      if (rep > 0) {
        times.get(name)!.push(spent);
        mains.get(name)!.push(mainThreadCpu() - startMain);
      }
      else {
        sigs.set(name, signature(parts));
        size = `${parts.nodes.length} nodes, ${parts.edges.length} edges, ${parts.uses.length} uses`;
      }
      Bun.gc(true);
    }
  }
  console.log(`${dir}: ${facts.length} files, ${size}`);
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    const main = [...mains.get(name)!].sort((a, b) => a - b);
    console.log(`  ${name.padEnd(5)} assemble CPU s: min ${sorted[0]!.toFixed(3)}  median ${sorted[sorted.length >> 1]!.toFixed(3)}  (${list.map((t) => t.toFixed(2)).join(" ")}); main thread min ${main[0]!.toFixed(2)}`);
  }
  if (base) console.log(`  graphs ${sigs.get("this") === sigs.get("base") ? "identical" : "DIFFER"}`);
}
