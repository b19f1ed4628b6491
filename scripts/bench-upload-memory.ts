// Peak memory of reading a large multipart advisory upload: the dashboard's streaming reader
// (src/web/multipart.ts) against Bun's Request.formData(), each in its own process so the peaks
// (VmHWM) do not mix. Usage: bun scripts/bench-upload-memory.ts [size MB, default 200]
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_MULTIPART_LIMITS, saveMultipart } from "../src/web/multipart.ts";

const BOUNDARY = "----benchBoundary";
const CHUNK = 64 * 1024;

const peakMb = (): number => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))![1]) / 1024;

/** A multipart body of `size` file bytes, generated chunk by chunk (never whole in memory). */
function body(size: number): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const head = enc.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\ntoken\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.json"\r\nContent-Type: application/json\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${BOUNDARY}--\r\n`);
  const filler = new Uint8Array(CHUNK).fill(0x20);
  let sent = -1;
  return new ReadableStream({
    pull(c) {
      if (sent === -1) {
        c.enqueue(head);
        sent = 0;
      } else if (sent < size) {
        const n = Math.min(CHUNK, size - sent);
        c.enqueue(n === CHUNK ? filler : filler.subarray(0, n));
        sent += n;
      } else {
        c.enqueue(tail);
        c.close();
      }
    },
  });
}

async function child(mode: string, size: number): Promise<void> {
  const before = peakMb();
  const start = performance.now();
  if (mode === "stream") {
    const dir = mkdtempSync(join(tmpdir(), "reachd-bench-"));
    const file = join(dir, "upload");
    const got = await saveMultipart(body(size), BOUNDARY, file, { fileField: "file", limits: { ...DEFAULT_MULTIPART_LIMITS, maxFileBytes: size }, beforeFile: () => {} });
    if (statSync(file).size !== got.size) throw new Error("size mismatch");
    rmSync(dir, { recursive: true, force: true });
  } else {
    const req = new Request("http://bench/", { method: "POST", body: body(size), headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } });
    const form = await req.formData();
    if ((form.get("file") as File).size !== size) throw new Error("size mismatch");
  }
  const ms = performance.now() - start;
  console.log(JSON.stringify({ mode, size_mb: size / 1024 / 1024, peak_rss_mb: Math.round(peakMb()), baseline_peak_mb: Math.round(before), seconds: +(ms / 1000).toFixed(2) }));
}

const [modeArg, sizeArg] = process.argv.slice(2);
if (modeArg === "stream" || modeArg === "formdata") {
  await child(modeArg, Number(sizeArg));
} else {
  const size = Number(modeArg ?? 200) * 1024 * 1024;
  for (const mode of ["stream", "formdata"]) {
    const p = Bun.spawnSync([process.execPath, import.meta.path, mode, String(size)], { stdout: "inherit", stderr: "inherit" });
    if (p.exitCode !== 0) process.exit(p.exitCode ?? 1);
  }
}
