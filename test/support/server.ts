// Starts the real reachd (source via bun, or the compiled binary when REACHD_BIN is set) on a
// random loopback port, with its own data dir; nothing is mocked.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");

export function reachdCommand(): string[] {
  const bin = process.env.REACHD_BIN;
  return bin ? [resolve(bin)] : [process.execPath, join(ROOT, "src/main.ts")];
}

export function tempDir(prefix = "reachd-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(args: string[], opts: { dataDir?: string; env?: Record<string, string>; cwd?: string } = {}): Promise<CliResult> {
  const proc = Bun.spawn([...reachdCommand(), ...args, ...(opts.dataDir ? ["--data-dir", opts.dataDir] : [])], {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, REACHD_LOG_LEVEL: "warn", ...opts.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

export interface Server {
  url: string;
  dataDir: string;
  proc: Bun.Subprocess<"ignore", "pipe", "pipe">;
  /** Everything the server wrote to stderr so far (JSON log lines). */
  logs(): string;
  /**
   * The process serving: the child `reachd serve` started itself as to get its JavaScriptCore
   * options (src/cli/relaunch.ts), else the process started (Linux /proc; elsewhere proc.pid).
   */
  workPid(): number;
  stop(signal?: NodeJS.Signals): Promise<number>;
}

export async function startServer(opts: { dataDir?: string; env?: Record<string, string> } = {}): Promise<Server> {
  const dataDir = opts.dataDir ?? tempDir();
  const proc = Bun.spawn([...reachdCommand(), "serve", "--port", "0", "--host", "127.0.0.1", "--data-dir", dataDir], {
    cwd: ROOT,
    env: { ...process.env, REACHD_LOG_LEVEL: "info", ...opts.env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let log = "";
  let resolveUrl: (url: string) => void = () => {};
  const urlPromise = new Promise<string>((r) => (resolveUrl = r));
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of proc.stderr) {
      log += decoder.decode(chunk);
      const m = /"msg":"listening","url":"([^"]+)"/.exec(log);
      if (m) resolveUrl(m[1]!);
    }
  })();
  void new Response(proc.stdout).text();
  const url = await Promise.race([
    urlPromise,
    proc.exited.then((code) => {
      throw new Error(`reachd serve exited with ${code} before listening:\n${log}`);
    }),
    Bun.sleep(20_000).then(() => {
      throw new Error(`reachd serve did not start:\n${log}`);
    }),
  ]);
  return {
    url,
    dataDir,
    proc,
    logs: () => log,
    workPid: () => childrenOf(proc.pid)[0] ?? proc.pid,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (proc.exitCode === null) proc.kill(signal);
      return proc.exited;
    },
  };
}

/** Child processes of `pid` (Linux /proc; none elsewhere). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export function cleanup(...dirs: string[]): void {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

/** A small fetch wrapper: JSON in, status + headers + parsed body out. */
export async function api(
  server: { url: string },
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers["content-type"] ??= "application/json";
  const res = await fetch(server.url + path, {
    method,
    headers,
    body: opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** Polls a scan until it leaves queued/running. */
export async function waitForScan(server: { url: string }, key: string, scanId: string, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(server, "GET", `/v1/scans/${scanId}`, { key });
    if (res.status !== 200) throw new Error(`GET scan: ${res.status} ${res.text}`);
    if (!["queued", "running"].includes(res.body.status)) return res.body;
    if (Date.now() > deadline) throw new Error(`scan ${scanId} still ${res.body.status}`);
    await Bun.sleep(100);
  }
}
