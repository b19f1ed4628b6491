// A local HTTPS server with a throw-away certificate, standing in for a git host: it lets the
// tests watch what git actually sends (and which processes exist meanwhile) without a network.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tempDir } from "./helpers.ts";

export interface FakeHost {
  url(path: string): string;
  caFile: string;
  requests: { path: string; authorization: string | null; argvWithSecret: string[] }[];
  stop(): void;
}

export type Behaviour = "unauthorized" | "not_found" | "hang";

/** Command lines of all live processes that contain `secret`. */
export function processesMentioning(secret: string): string[] {
  const hits: string[] = [];
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (cmdline.includes(secret)) hits.push(cmdline.replaceAll("\0", " "));
    } catch {
      // process ended meanwhile
    }
  }
  return hits;
}

export function opensslAvailable(): boolean {
  return Bun.which("openssl") !== null;
}

let certDir: string | null = null;

// One key pair per test process: RSA key generation is the slow part.
function certificate(): string {
  // Another test file's cleanup may have removed the cached pair.
  if (certDir !== null && existsSync(`${certDir}/cert.pem`)) return certDir;
  const dir = tempDir("reachd-tls-");
  const gen = Bun.spawnSync({
    cmd: ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", `${dir}/key.pem`, "-out", `${dir}/cert.pem`,
      "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
    stdout: "ignore",
    stderr: "pipe",
  });
  if (gen.exitCode !== 0) throw new Error(`openssl failed: ${gen.stderr.toString()}`);
  certDir = dir;
  return dir;
}

export function startFakeHost(behaviour: Behaviour, secret: string): FakeHost {
  const dir = certificate();
  const requests: FakeHost["requests"] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    tls: { cert: Bun.file(`${dir}/cert.pem`), key: Bun.file(`${dir}/key.pem`) },
    fetch(req) {
      // Sampled while git is blocked on this request, so its whole process tree is alive.
      requests.push({
        path: new URL(req.url).pathname,
        authorization: req.headers.get("authorization"),
        argvWithSecret: processesMentioning(secret),
      });
      if (behaviour === "hang") return new Promise<Response>(() => {});
      if (behaviour === "not_found") return new Response("Repository not found", { status: 404 });
      return new Response("denied", { status: 401, headers: { "WWW-Authenticate": 'Basic realm="git"' } });
    },
  });
  return {
    url: (path) => `https://127.0.0.1:${server.port}${path}`,
    caFile: `${dir}/cert.pem`,
    requests,
    stop: () => server.stop(true),
  };
}
