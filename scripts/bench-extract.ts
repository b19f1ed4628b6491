// Extraction cost, in process and on one thread: parse, query+extract, encode (bindings packed,
// equal values shared, bytes written: the worker's part) and decode (the main thread's part) of
// every file of the given directories, repeated; prints CPU seconds per stage (min over the
// repetitions, after a warm-up pass) and lines per CPU second. With --dump FILE, writes every
// file's facts as canonical JSON lines instead, to compare two versions of the extractor; with
// --decoded too, the facts after an encode/decode round trip (which must dump the same). With
// --write, also the CPU (user + system) of storing each entry in a new facts cache directory, as
// a scan with a cold cache does (FactsCache.putEncoded, then flush: its pack and index file).
//
//   bun scripts/bench-extract.ts [--reps 3] [--write] [--dump FILE [--decoded]] DIR...
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packBindings } from "../src/scan/callgraph/bound.ts";
import { contentKey, decodeFacts, encodeFacts, FactsCache } from "../src/scan/callgraph/cache.ts";
import { extractFacts } from "../src/scan/callgraph/facts.ts";
import type { FileFacts } from "../src/scan/callgraph/fact-types.ts";
import { parseSource } from "../src/scan/callgraph/parser.ts";
import { queryFor } from "../src/scan/callgraph/queries.ts";
import { listFiles, readSource, type SourceFile } from "../src/scan/callgraph/walk.ts";

const args = process.argv.slice(2);
let reps = 3;
let dump: string | null = null;
let decoded = false;
let write = false;
const dirs: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--reps") reps = Number(args[++i]);
  else if (args[i] === "--dump") dump = args[++i]!;
  else if (args[i] === "--decoded") decoded = true;
  else if (args[i] === "--write") write = true;
  else dirs.push(args[i]!);
}
if (dirs.length === 0) throw new Error("usage: bench-extract.ts [--reps N] [--write] [--dump FILE [--decoded]] DIR...");

const files: { src: SourceFile; text: string }[] = [];
/** Each text's cache key (--write), made before timing: a scan makes it before parsing. */
const keys = new Map<string, string>();
let lines = 0;
for (const dir of dirs) {
  for (const src of (await listFiles(dir)).sources) {
    const read = await readSource(dir, src.path);
    if (!("text" in read)) continue;
    files.push({ src: { ...src, path: `${dir}/${src.path}` }, text: read.text });
    if (write) keys.set(read.text, contentKey(src.grammar, read.text));
    for (let i = 0; i < read.text.length; i++) if (read.text.charCodeAt(i) === 10) lines++;
  }
}

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

let encoded = 0;
/** The facts cache of this pass (--write), in a new directory. */
let cache: FactsCache | null = null;

async function one(src: SourceFile, text: string, t: Record<string, number> | null): Promise<FileFacts | null> {
  let a = cpu();
  const parsed = await parseSource(src.grammar, text);
  if (!("tree" in parsed)) return null;
  const query = await queryFor(src.grammar);
  let b = cpu();
  if (t) t.parse! += b - a;
  a = b;
  try {
    const facts = extractFacts(src.path, src.language, parsed.tree, query);
    b = cpu();
    if (t) t.extract! += b - a;
    a = b;
    const kept: FileFacts = { ...facts, bindings: packBindings(facts.bindings) };
    const bytes = encodeFacts(kept);
    encoded += bytes.length;
    b = cpu();
    if (t) t.encode! += b - a;
    a = b;
    if (cache !== null) {
      const writes = cache.writes;
      cache.putEncoded(keys.get(text)!, bytes);
      if (cache.writes !== writes + 1) throw new Error(`${src.path}: not written`);
      b = cpu();
      if (t) t.write! += b - a;
      a = b;
    }
    const back = decodeFacts(bytes);
    b = cpu();
    if (t) t.decode! += b - a;
    if (!back) throw new Error(`${src.path}: the encoding does not decode`);
    return decoded ? back : kept;
  } finally {
    parsed.tree.delete();
  }
}

if (dump) {
  const out: string[] = [];
  for (const { src, text } of files) {
    const facts = await one(src, text, null);
    out.push(JSON.stringify(facts, (_k, v: unknown) => (v instanceof Map ? [...v] : v)));
  }
  writeFileSync(dump, out.join("\n") + "\n");
  console.log(`${files.length} files, ${lines} lines -> ${dump}`);
} else {
  // The first pass pays for JIT compiles and loading grammars and queries (a worker pays that once).
  const first = cpu();
  for (const { src, text } of files) await one(src, text, null);
  const firstPass = cpu() - first;
  const best: Record<string, number> = {};
  for (let r = 0; r < reps; r++) {
    encoded = 0;
    const t: Record<string, number> = { parse: 0, extract: 0, encode: 0, ...(write ? { write: 0 } : {}), decode: 0 };
    if (write) cache = new FactsCache(mkdtempSync(join(tmpdir(), "bench-extract-")));
    const start = cpu();
    for (const { src, text } of files) await one(src, text, t);
    if (cache !== null) {
      const a = cpu();
      cache.flush();
      t.write! += cpu() - a;
    }
    t.total = cpu() - start;
    if (cache !== null) rmSync(cache.dir, { recursive: true, force: true });
    cache = null;
    for (const [k, v] of Object.entries(t)) best[k] = Math.min(best[k] ?? Infinity, v);
  }
  const stages = Object.entries(best).map(([k, v]) => `${k} ${v.toFixed(3)}`).join("  ");
  console.log(`${files.length} files ${lines} lines  first pass ${firstPass.toFixed(3)} cpu s; then (min of ${reps}): ${stages}  ${Math.round(lines / best.total!)} lines/cpu-s  encoded ${encoded} bytes`);
  console.log(`cpu s by thread, whole run: ${threadCpu()}`);
}

/** CPU seconds per thread name (main, JIT compiler, GC helpers) from /proc, summed over the run. */
function threadCpu(): string {
  const by: Record<string, number> = {};
  for (const task of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")).replace(/\d+/g, "#");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      by[name] = (by[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // The thread ended while we read.
    }
  }
  return Object.entries(by).filter(([, v]) => v >= 0.05).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(2)}`).join("  ");
}
