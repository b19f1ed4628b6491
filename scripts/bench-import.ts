// Advisory import time and peak memory: `bun scripts/bench-import.ts [PATH] [--scale N]`.
//
// Imports PATH (default: the shared osv-pypi.zip, 2,661 PyPI records) into a fresh store in a
// temp dir through the same streamed path as `reachd advisories import`, then a second time (all
// unchanged), and prints wall time, records/s and the process's peak RSS. `--scale N` first
// writes a synthetic osv.dev-style zip holding the input's records N times under new ids, to show
// that peak memory does not grow with the size of the export. Figures, not assertions: this
// script proves the speed/memory claims in the README; tests never time anything.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Zip, ZipDeflate } from "fflate";
import { openStore } from "../src/store/database.ts";
import { importAdvisories } from "../src/scan/advisories/import.ts";
import { readInput } from "../src/scan/advisories/sources.ts";

const args = process.argv.slice(2);
const scaleAt = args.indexOf("--scale");
const scale = scaleAt >= 0 ? Math.max(1, Number(args[scaleAt + 1])) : 1;
const positional = args.filter((a, i) => !a.startsWith("--") && (scaleAt < 0 || i !== scaleAt + 1));
const input = resolve(positional[0] ?? join(import.meta.dir, "../../shared/data/osv/osv-pypi.zip"));
const dir = mkdtempSync(join(tmpdir(), "reachd-bench-import-"));
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
/**
 * Peak resident memory of this process: VmHWM on Linux (per address space, so reset by exec);
 * elsewhere getrusage's maxRSS (KiB), which Linux would carry over from a parent across exec.
 */
function peakRss(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}

async function syntheticZip(source: string, times: number, out: string): Promise<number> {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    chunks.push(data);
  });
  let n = 0;
  for (let copy = 0; copy < times; copy++) {
    for await (const raw of readInput({ path: source })) {
      if (!("value" in raw)) continue;
      const rec = raw.value as Record<string, unknown>;
      const id = copy === 0 ? String(rec.id) : `${String(rec.id)}-X${copy}`;
      const file = new ZipDeflate(`${id}.json`, { level: 6 });
      zip.add(file);
      file.push(new TextEncoder().encode(JSON.stringify({ ...rec, id })), true);
      n++;
    }
  }
  zip.end();
  writeFileSync(out, Buffer.concat(chunks));
  return n;
}

try {
  const path = input;
  if (scale > 1) {
    const zip = join(dir, "synthetic.zip");
    const n = await syntheticZip(input, scale, zip);
    console.log(`synthetic zip: ${n} records (${scale}× ${input}); importing it in a fresh process`);
    // A fresh process, so building the zip does not count in the import's peak RSS.
    const child = Bun.spawnSync([process.execPath, import.meta.path, zip], { stdout: "inherit", stderr: "inherit" });
    process.exitCode = child.exitCode ?? 1;
  } else {
  const store = await openStore(dir);
  const rssBefore = process.memoryUsage().rss;
  const peakBefore = peakRss();
  const t0 = performance.now();
  const first = await importAdvisories(store.db, { path }, { source: path });
  const t1 = performance.now();
  const second = await importAdvisories(store.db, { path }, { source: path });
  const t2 = performance.now();
  await store.close();
  const secs = (t1 - t0) / 1000;
  console.log(`input: ${path}`);
  console.log(`first import:  ${first.records} records (${first.inserted} inserted, ${first.withdrawn} withdrawn, ${first.errors} errors) in ${secs.toFixed(2)} s = ${Math.round(first.records / secs)} records/s`);
  console.log(`second import: ${second.records} records (${second.unchanged} unchanged) in ${((t2 - t1) / 1000).toFixed(2)} s`);
  console.log(`RSS before import: ${mib(rssBefore)} MiB; peak RSS of the process: ${mib(peakRss())} MiB (peak before import: ${mib(peakBefore)} MiB)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
