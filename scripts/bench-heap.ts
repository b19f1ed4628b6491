// JavaScriptCore heap-growth settings compared on one full scan (cold facts cache), interleaved:
//
//   bun scripts/bench-heap.ts [--reps 3] [--config 'name:VAR=v,VAR=v']... DIR
//
// Without --config: Bun's defaults against reachd's own options (src/cli/relaunch.ts).
// Each repetition runs every configuration once, in turn, each in a fresh child process
// (bench-scan.ts's `--child scan`), so load changes hit them alike. Prints, per configuration,
// the minimum and median wall time, CPU time (every thread) and peak RSS (the child's maxRSS:
// the parse workers are threads of the same process). JSC reads these options at process start,
// which is why every configuration needs its own process.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { JSC_ENV } from "../src/cli/relaunch.ts";

const args = process.argv.slice(2);
const repsAt = args.indexOf("--reps");
const reps = repsAt >= 0 ? Math.max(1, Number(args[repsAt + 1]) || 1) : 3;
const configs: { name: string; env: Record<string, string> }[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] !== "--config") continue;
  const spec = args[i + 1]!;
  const colon = spec.indexOf(":");
  const name = colon >= 0 ? spec.slice(0, colon) : spec;
  const env: Record<string, string> = {};
  for (const p of colon >= 0 ? spec.slice(colon + 1).split(",") : []) {
    const at = p.indexOf("=");
    if (at > 0) env[p.slice(0, at)] = p.slice(at + 1);
  }
  configs.push({ name, env });
}
if (configs.length === 0) {
  configs.push(
    { name: "default", env: {} },
    { name: "reachd", env: Object.fromEntries(Object.entries(JSC_ENV).filter(([k]) => k !== "BUN_JSC_useFTLJIT")) },
  );
}
const dir = args.at(-1);
if (!dir || dir.startsWith("--")) throw new Error("usage: bench-heap.ts [--reps N] [--config 'name:VAR=v,VAR=v']... DIR");

const ROOT = resolve(import.meta.dir, "..");
// Every heap option of the parent is dropped, so a configuration gets only what it names.
const base: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) {
  if (v !== undefined && !/^BUN_JSC_(?!useFTLJIT$)/.test(k)) base[k] = v;
}
base.BUN_JSC_useFTLJIT = process.env.BUN_JSC_useFTLJIT ?? "0";
base.REACHD_LOG_LEVEL = "error";

interface Run { ms: number; cpuMs: number; rss: number; phaseRss: Record<string, number> }
const runs = new Map<string, Run[]>(configs.map((c) => [c.name, []]));
console.log(`bench-heap: ${dir}, ${reps} repetitions, load ${loadavg()[0]!.toFixed(1)}, BUN_JSC_useFTLJIT=${base.BUN_JSC_useFTLJIT}`);
for (let r = 0; r < reps; r++) {
  for (const c of configs) {
    const cache = mkdtempSync(join(tmpdir(), "reachd-heap-cache-"));
    try {
      // ARGV=--smol: a runtime flag instead of an environment variable.
      const { ARGV, ...env } = c.env;
      const p = Bun.spawnSync([process.execPath, ...(ARGV ? ARGV.split(" ") : []), join(ROOT, "scripts/bench-scan.ts"), "--child", "scan", cache, resolve(dir)], {
        cwd: ROOT, stdout: "pipe", stderr: "pipe", env: { ...base, ...env },
      });
      if (p.exitCode !== 0) throw new Error(`${c.name} failed:\n${p.stderr.toString()}`);
      const out = JSON.parse(p.stdout.toString().trim().split("\n").pop()!) as { ms: number; cpuMs: number; phaseRss: Record<string, number> };
      const run = { ms: out.ms, cpuMs: out.cpuMs, rss: (p.resourceUsage?.maxRSS ?? 0) / 1024 / 1024, phaseRss: out.phaseRss };
      runs.get(c.name)!.push(run);
      const phases = Object.entries(run.phaseRss).map(([k, v]) => `${k} ${Math.round(v)}`).join(", ");
      console.log(`  rep ${r + 1} ${c.name.padEnd(24)} ${(run.ms / 1000).toFixed(2)} s wall, ${(run.cpuMs / 1000).toFixed(2)} s CPU, peak ${Math.round(run.rss)} MiB (${phases}), load ${loadavg()[0]!.toFixed(1)}`);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }
}
const min = (xs: number[]): number => Math.min(...xs);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log("");
console.log(`${"config".padEnd(24)}  wall s (min / median)  CPU s (min / median)  peak MiB (min / median)`);
for (const c of configs) {
  const rs = runs.get(c.name)!;
  const f = (xs: number[], d: number): string => `${min(xs).toFixed(d)} / ${median(xs).toFixed(d)}`;
  console.log(`${c.name.padEnd(24)}  ${f(rs.map((x) => x.ms / 1000), 2).padStart(21)}  ${f(rs.map((x) => x.cpuMs / 1000), 2).padStart(20)}  ${f(rs.map((x) => x.rss), 0).padStart(23)}`);
}
