// Assembly CPU of a cold process, as a scan pays it: bench-assemble.ts times warm runs after a
// warm-up, which hides the JIT's compilation of the graph pass and the resolver (0.3–0.5 s of
// 1.4–1.7 s on 222k generated JS lines, docs/performance.md, twenty-sixth round S13). Here every
// run is a new process that reads the facts from a facts cache on disk (filled by the first run)
// and calls assemble() once. With --base ROOT the other checkout's assemble() runs too, the two
// alternated, and their graphs are compared.
//
//   bun scripts/bench-assemble-cold.ts [--reps 3] [--base /path/to/old/checkout] [--cache DIR] DIR...
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const args = process.argv.slice(2);

if (args[0] === "--child") {
  // One cold assemble(): `--child ROOT CACHEDIR DIR`, prints a JSON line.
  const [root, cacheDir, dir] = args.slice(1) as [string, string, string];
  const { buildProjectGraph } = await import(`${root}/src/scan/callgraph/index.ts`);
  const { assemble } = await import(`${root}/src/scan/callgraph/graph.ts`);
  const { FactsCache } = await import(`${root}/src/scan/callgraph/cache.ts`);
  let input: { facts: unknown[]; index: unknown } | null = null;
  await buildProjectGraph(dir, { cache: new FactsCache(cacheDir), onAssembly: (facts: unknown[], index: unknown) => (input = { facts, index }) });
  if (!input) throw new Error(`no assembly for ${dir}`);
  const { facts, index } = input as { facts: unknown[]; index: unknown };
  const mainThread = (): number => {
    const fields = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  Bun.gc(true);
  const cpu0 = process.cpuUsage();
  const main0 = mainThread();
  const { parts } = assemble(facts, index);
  const cpu = process.cpuUsage(cpu0);
  const main = mainThread() - main0;
  const signature = Bun.hash(JSON.stringify([parts.nodes, parts.edges, parts.uses, parts.dynamic, parts.unresolved])).toString(16);
  console.log(JSON.stringify({ cpu: (cpu.user + cpu.system) / 1e6, main, signature }));
  process.exit(0);
}

let reps = 3;
let base: string | null = null;
let cache = join(tmpdir(), "reachd-bench-assemble-cold");
const dirs: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--reps") reps = Number(args[++i]);
  else if (args[i] === "--base") base = resolve(args[++i]!);
  else if (args[i] === "--cache") cache = resolve(args[++i]!);
  else dirs.push(resolve(args[i]!));
}
if (dirs.length === 0) throw new Error("usage: bench-assemble-cold.ts [--reps N] [--base ROOT] [--cache DIR] DIR...");
const roots: [string, string][] = [["this", resolve(import.meta.dir, "..")]];
if (base) roots.push(["base", base]);

function child(root: string, dir: string): { cpu: number; main: number; signature: string } {
  const run = Bun.spawnSync([process.execPath, import.meta.path, "--child", root, cache, dir], { stderr: "inherit" });
  if (run.exitCode !== 0) throw new Error(`child failed for ${root} ${dir}`);
  return JSON.parse(run.stdout.toString().trim().split("\n").at(-1)!);
}

for (const dir of dirs) {
  // Fills the facts cache (facts are the same for both checkouts only when their extraction is).
  for (const [, root] of roots) child(root, dir);
  const cpu = new Map<string, number[]>(roots.map(([name]) => [name, []]));
  const main = new Map<string, number[]>(roots.map(([name]) => [name, []]));
  const signatures = new Map<string, string>();
  for (let rep = 0; rep < reps; rep++) {
    for (const [name, root] of rep % 2 === 0 ? roots : [...roots].reverse()) {
      const r = child(root, dir);
      cpu.get(name)!.push(r.cpu);
      main.get(name)!.push(r.main);
      signatures.set(name, r.signature);
    }
  }
  console.log(`${dir}:`);
  for (const [name] of roots) {
    const list = cpu.get(name)!;
    const sorted = [...list].sort((a, b) => a - b);
    const mains = [...main.get(name)!].sort((a, b) => a - b);
    console.log(`  ${name.padEnd(5)} cold assemble CPU s: min ${sorted[0]!.toFixed(3)}  median ${sorted[sorted.length >> 1]!.toFixed(3)}  (${list.map((t) => t.toFixed(2)).join(" ")}); main thread min ${mains[0]!.toFixed(2)}`);
  }
  if (base) console.log(`  graphs ${signatures.get("this") === signatures.get("base") ? "identical" : "DIFFER"}`);
}
