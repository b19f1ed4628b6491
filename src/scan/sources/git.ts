import { dirname } from "node:path";
import { dirSize } from "./fsutil.ts";
import type { Provider } from "./types.ts";

// Basic-auth user names each host expects in front of an access token. Generic git servers
// (and Gitea/Forgejo) accept any user name with a token as the password.
const TOKEN_USER: Record<Provider, string> = {
  github: "x-access-token",
  gitea: "x-access-token",
  git: "x-access-token",
  gitlab: "oauth2",
  bitbucket: "x-token-auth",
  local: "x-access-token",
};

/**
 * The `-c` options put in front of every git command. Command-line config outranks the
 * repository's own config, so nothing a fetched repository carries can turn these back on.
 */
export function hardenedConfig(provider: Provider): string[] {
  const pairs = [
    "protocol.allow=never",
    ...(provider === "local" ? ["protocol.file.allow=always"] : ["protocol.https.allow=always", "protocol.ssh.allow=always"]),
    "core.hooksPath=/dev/null",
    "core.symlinks=false", // a checked-out symlink becomes a plain file holding the link text
    "core.fsmonitor=false",
    "core.autocrlf=false",
    "transfer.fsckObjects=true",
    "submodule.recurse=false",
    "fetch.recurseSubmodules=false",
    "credential.helper=", // the token header is the only credential git may use
    "gc.auto=0",
    "maintenance.auto=false",
    "advice.detachedHead=false",
    "init.defaultBranch=main",
  ];
  return pairs.flatMap((p) => ["-c", p]);
}

export function authHeader(provider: Provider, token: string): string {
  return `Authorization: Basic ${Buffer.from(`${TOKEN_USER[provider]}:${token}`).toString("base64")}`;
}

// Operator settings git legitimately needs from the service's own environment: where to find
// binaries, the SSH key/agent and known_hosts, proxies and a private CA. Everything else
// (GIT_DIR, GIT_CONFIG_PARAMETERS, GIT_SSL_NO_VERIFY, GIT_TEMPLATE_DIR, …) is dropped.
const PASS_THROUGH = [
  "PATH", "HOME", "TMPDIR", "SSH_AUTH_SOCK",
  "http_proxy", "https_proxy", "no_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY",
  "SSL_CERT_FILE", "SSL_CERT_DIR", "GIT_SSL_CAINFO", "GIT_SSL_CAPATH",
];

/**
 * The complete environment of a git child process. The token only ever travels here (as
 * http.extraHeader via GIT_CONFIG_*), never in argv, where any local user could read it
 * from /proc.
 */
export function gitEnv(
  provider: Provider,
  token: string | null,
  base: Record<string, string | undefined> = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of PASS_THROUGH) {
    const v = base[k];
    if (v !== undefined) env[k] = v;
  }
  env.PATH ??= "/usr/local/bin:/usr/bin:/bin";
  Object.assign(env, {
    LC_ALL: "C",
    LANG: "C",
    GIT_TERMINAL_PROMPT: "0",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_ASKPASS: "/bin/false",
    SSH_ASKPASS: "/bin/false",
    SSH_ASKPASS_REQUIRE: "never",
    // BatchMode: never prompt. accept-new: trust a host on first contact and pin its key in the
    // service user's known_hosts, refusing a changed key later (operators can pre-seed it).
    GIT_SSH_COMMAND: "ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o ConnectTimeout=20",
    GIT_LFS_SKIP_SMUDGE: "1",
    GIT_PROTOCOL_FROM_USER: "0",
    GIT_NO_REPLACE_OBJECTS: "1",
  });
  if (token !== null && provider !== "local") {
    env.GIT_CONFIG_COUNT = "1";
    env.GIT_CONFIG_KEY_0 = "http.extraHeader";
    env.GIT_CONFIG_VALUE_0 = authHeader(provider, token);
  }
  return env;
}

/** Every form in which a token could show up in git's output. */
export function secretsOf(provider: Provider, token: string | null): string[] {
  if (token === null) return [];
  const header = authHeader(provider, token);
  return [token, encodeURIComponent(token), header.slice("Authorization: Basic ".length), Buffer.from(token).toString("base64")];
}

export function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (s.length > 0) out = out.split(s).join("[redacted]");
  return out;
}

export interface GitContext {
  provider: Provider;
  env: Record<string, string>;
  secrets: string[];
  /** Epoch ms after which git is killed. */
  deadline: number;
  signal?: AbortSignal;
}

export function gitContext(provider: Provider, token: string | null, deadline: number, signal?: AbortSignal): GitContext {
  const ctx: GitContext = { provider, env: gitEnv(provider, token), secrets: secretsOf(provider, token), deadline };
  if (signal) ctx.signal = signal;
  return ctx;
}

export type GitRun =
  | { kind: "exit"; code: number; stdout: string; stderr: string }
  | { kind: "timeout" }
  | { kind: "too_large" }
  | { kind: "aborted" };

export interface RunOptions {
  cwd: string;
  /** Kill git once this directory grows past maxBytes. */
  watch?: { dir: string; maxBytes: number };
}

const WATCH_INTERVAL_MS = 250;

/** The argv of a git command: hardened config first, then the caller's arguments. */
export function gitArgv(provider: Provider, args: string[]): string[] {
  return ["git", ...hardenedConfig(provider), ...args];
}

/** Runs git without a shell, in its own process group so a kill also reaches its helpers. */
export async function runGit(ctx: GitContext, args: string[], opts: RunOptions): Promise<GitRun> {
  if (ctx.signal?.aborted) return { kind: "aborted" };
  const remaining = ctx.deadline - Date.now();
  if (remaining <= 0) return { kind: "timeout" };

  // Stop repository discovery at cwd: a repository above it must not lend git its config.
  const env = { ...ctx.env, GIT_CEILING_DIRECTORIES: dirname(opts.cwd) };
  const proc = Bun.spawn({
    cmd: gitArgv(ctx.provider, args),
    cwd: opts.cwd,
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    detached: true,
  });
  type End = "timeout" | "too_large" | "aborted";
  let ended: End | null = null;
  let announceEnd: () => void = () => {};
  const endedP = new Promise<null>((r) => (announceEnd = () => r(null)));
  const stop = (why: End) => {
    if (ended !== null) return;
    ended = why;
    announceEnd();
    try {
      process.kill(-proc.pid, "SIGKILL");
    } catch {
      proc.kill("SIGKILL");
    }
  };
  const endReason = (): End | null => ended;
  const timer = setTimeout(() => stop("timeout"), remaining);
  const onAbort = () => stop("aborted");
  ctx.signal?.addEventListener("abort", onAbort, { once: true });
  let polling = false;
  const watch = opts.watch;
  const poller = watch
    ? setInterval(async () => {
        if (polling || ended !== null) return;
        polling = true;
        try {
          if ((await dirSize(watch.dir, watch.maxBytes)) > watch.maxBytes) stop("too_large");
        } finally {
          polling = false;
        }
      }, WATCH_INTERVAL_MS)
    : null;
  try {
    // Read both pipes while waiting, or git blocks on a full pipe. Once stopped, do not wait
    // for the pipes: a helper that left the process group could hold them open indefinitely.
    const output = Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
    output.catch(() => {});
    const code = await Promise.race([proc.exited, endedP]);
    const out = endReason() === null ? await Promise.race([output, endedP]) : null;
    const why = endReason();
    if (why !== null || out === null || code === null) {
      // Let the killed leader be reaped before the caller removes its directory.
      await Promise.race([proc.exited, Bun.sleep(2000)]);
      return { kind: why ?? "timeout" };
    }
    return { kind: "exit", code, stdout: out[0], stderr: redact(out[1], ctx.secrets) };
  } finally {
    clearTimeout(timer);
    if (poller) clearInterval(poller);
    ctx.signal?.removeEventListener("abort", onAbort);
  }
}

export interface GitFailure {
  message: string;
  /** git said the requested ref or object does not exist on the remote. */
  refMissing: boolean;
}

// Fixed sentences only: git's own stderr names host paths and can echo URLs, so it is matched
// against, never passed on.
const KNOWN: [RegExp, string][] = [
  [/dubious ownership/i, "git refuses to read a repository owned by another user (safe.directory)"],
  [/transport '[^']*' not allowed/i, "this URL's protocol is not allowed"],
  [/Authentication failed|could not read (Username|Password)|terminal prompts disabled|HTTP Basic: Access denied|returned error: 40[13]|Invalid username or password/i,
    "authentication failed: check that credential.token is valid and can read the repository"],
  [/Permission denied \(publickey|Host key verification failed|REMOTE HOST IDENTIFICATION HAS CHANGED/i,
    "SSH authentication failed: the service's SSH key is not authorized or the host key does not match"],
  [/Could not resolve host|Name or service not known|Temporary failure in name resolution/i, "could not resolve the repository host"],
  [/SSL certificate|server certificate verification|certificate verify failed|SSL_ERROR|gnutls_handshake|TLS connect error/i, "TLS connection to the repository host failed (certificate not trusted?)"],
  [/Connection refused|Failed to connect|Connection timed out|Network is unreachable|No route to host|Could not connect|Connection reset|Connection closed/i,
    "could not connect to the repository host"],
  [/Repository not found|repository '[^']*' not found|does not appear to be a git repository|not found|returned error: 404/i,
    "repository not found, or the credential cannot see it"],
  [/fsck|bad object|invalid object|malformed/i, "the repository contains malformed objects (refused by fsck)"],
];

const REF_MISSING = /not our ref|couldn't find remote ref|no such remote ref|unadvertised object|upload-pack: not our|did not send all necessary objects|remote error: .*(not found|invalid)/i;

export function describeFailure(run: { code: number; stderr: string }): GitFailure {
  if (REF_MISSING.test(run.stderr)) return { message: "the requested ref or commit does not exist", refMissing: true };
  for (const [re, message] of KNOWN) if (re.test(run.stderr)) return { message, refMissing: false };
  return { message: `git failed (exit code ${run.code})`, refMissing: false };
}
