// Real code against pathological resolution: builds the call graph of every package directory
// under the given roots (each in a new process, as `reachd callgraph DIR --no-cache` does) with a
// time limit, and prints the slowest. Resolution that explodes on some pattern (a cycle of answers
// recomputed at every asking) shows up here as a directory of a few hundred KB taking seconds or
// never finishing; generated corpora and micro-benchmarks do not have such patterns.
//
//   bun scripts/sweep-callgraph.ts [--limit 120] [--top 10] ROOT...
//
// ROOT is a directory whose subdirectories are packages (node_modules, a site-packages,
// /usr/lib/python3.11); scoped npm directories (`@scope/`) are entered. Exits 1 when some directory
// timed out or failed.
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const args = process.argv.slice(2);
let limit = 120;
let top = 10;
const roots: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--limit") limit = Number(args[++i]);
  else if (args[i] === "--top") top = Number(args[++i]);
  else roots.push(resolve(args[i]!));
}
if (roots.length === 0 || !(limit > 0)) throw new Error("usage: sweep-callgraph.ts [--limit SECONDS] [--top N] ROOT...");

const SKIP = /^(\.|__pycache__$|test$|tests$)|\.(dist|egg)-info$/;

function packages(root: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(root).sort()) {
    if (SKIP.test(name)) continue;
    const path = join(root, name);
    if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) continue;
    if (name.startsWith("@")) out.push(...packages(path));
    else out.push(path);
  }
  return out;
}

const main = resolve(import.meta.dir, "../src/main.ts");
const results: { dir: string; seconds: number; outcome: string }[] = [];
for (const root of roots) {
  for (const dir of packages(root)) {
    const started = performance.now();
    const child = Bun.spawn([process.execPath, main, "callgraph", dir, "--no-cache", "--format", "json"], {
      stdout: "ignore",
      stderr: "pipe",
      env: { ...process.env, REACHD_NO_RELAUNCH: "1" },
    });
    const timer = setTimeout(() => child.kill(), limit * 1000);
    const code = await child.exited;
    clearTimeout(timer);
    const seconds = (performance.now() - started) / 1000;
    const stderr = (await new Response(child.stderr).text()).trim().split("\n").at(-1) ?? "";
    const outcome = child.signalCode ? `killed after ${limit} s` : code === 0 ? "ok" : `exit ${code}: ${stderr}`;
    results.push({ dir, seconds, outcome });
    console.log(`${seconds.toFixed(2).padStart(8)} s  ${outcome === "ok" ? "" : `${outcome}  `}${dir}`);
  }
}

results.sort((a, b) => b.seconds - a.seconds);
console.log(`\n${results.length} directories; slowest ${Math.min(top, results.length)}:`);
for (const r of results.slice(0, top)) console.log(`${r.seconds.toFixed(2).padStart(8)} s  ${r.outcome}  ${r.dir}`);
const bad = results.filter((r) => r.outcome !== "ok");
console.log(bad.length === 0 ? "every directory finished" : `${bad.length} did not finish or failed`);
process.exit(bad.length === 0 ? 0 : 1);
