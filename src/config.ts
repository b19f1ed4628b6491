// Environment + flags → one validated Config. Flags win over the environment.
import { cpus, homedir } from "node:os";
import { join, resolve } from "node:path";

export interface RateLimits {
  perKey: number; // requests per minute per API key
  plan: Record<"pro" | "team" | "enterprise", number>; // requests per minute per account
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  localRoots: string[];
  workers: number;
  scanTimeoutMs: number;
  cloneTimeoutMs: number;
  cloneMaxBytes: number;
  uploadMaxBytes: number;
  maxAttempts: number;
  rateLimits: RateLimits;
  logLevel: "debug" | "info" | "warn" | "error";
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

export function defaultDataDir(env: Env = process.env): string {
  return env.REACHD_DATA_DIR || join(env.HOME || homedir(), ".reachd");
}

export function loadConfig(flags: { host?: string; port?: string; dataDir?: string } = {}, env: Env = process.env): Config {
  const port = flags.port !== undefined ? int({ p: flags.port }, "p", 0, 0, 65535) : int(env, "REACHD_PORT", 8080, 0, 65535);
  const level = (env.REACHD_LOG_LEVEL || "info") as Config["logLevel"];
  if (!["debug", "info", "warn", "error"].includes(level)) {
    throw new ConfigError(`REACHD_LOG_LEVEL must be debug, info, warn or error`);
  }
  const roots = (env.REACHD_LOCAL_ROOTS || "")
    .split(":")
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => resolve(r));
  return {
    host: flags.host || env.REACHD_HOST || "127.0.0.1",
    port,
    dataDir: resolve(flags.dataDir || defaultDataDir(env)),
    localRoots: roots,
    workers: int(env, "REACHD_WORKERS", Math.max(1, cpus().length), 1, 256),
    scanTimeoutMs: int(env, "REACHD_SCAN_TIMEOUT_SECONDS", 900, 1, 86_400) * 1000,
    cloneTimeoutMs: int(env, "REACHD_CLONE_TIMEOUT_SECONDS", 300, 1, 86_400) * 1000,
    cloneMaxBytes: int(env, "REACHD_CLONE_MAX_MB", 2048, 1, 1_048_576) * 1024 * 1024,
    uploadMaxBytes: int(env, "REACHD_UPLOAD_MAX_MB", 1024, 1, 65_536) * 1024 * 1024,
    maxAttempts: 3,
    rateLimits: {
      perKey: int(env, "REACHD_RATE_LIMIT_PER_KEY", 300, 1, 1_000_000),
      plan: {
        pro: int(env, "REACHD_RATE_LIMIT_PRO", 100, 1, 1_000_000),
        team: int(env, "REACHD_RATE_LIMIT_TEAM", 500, 1, 1_000_000),
        enterprise: int(env, "REACHD_RATE_LIMIT_ENTERPRISE", 5000, 1, 1_000_000),
      },
    },
    logLevel: level,
  };
}
