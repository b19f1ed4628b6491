import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { authHeader, describeFailure, gitArgv, gitEnv, redact, secretsOf } from "../../src/scan/sources/git.ts";
import { probeAccess } from "../../src/scan/sources/index.ts";
import { removeTempDirs } from "./helpers.ts";
import { opensslAvailable, processesMentioning, startFakeHost, type FakeHost } from "./tls-server.ts";

afterAll(removeTempDirs);

const TOKEN = "ghp_T0kenThatMustNeverLeak42";
const b64 = (s: string) => Buffer.from(s).toString("base64");

describe("gitEnv", () => {
  test("carries the token only as an http.extraHeader config entry", () => {
    const env = gitEnv("github", TOKEN, {});
    expect(env.GIT_CONFIG_COUNT).toBe("1");
    expect(env.GIT_CONFIG_KEY_0).toBe("http.extraHeader");
    expect(env.GIT_CONFIG_VALUE_0).toBe(`Authorization: Basic ${b64(`x-access-token:${TOKEN}`)}`);
    const others = Object.entries(env).filter(([k]) => k !== "GIT_CONFIG_VALUE_0");
    expect(JSON.stringify(others)).not.toContain(TOKEN);
  });

  test("per-provider token user names", () => {
    expect(authHeader("gitlab", "t")).toBe(`Authorization: Basic ${b64("oauth2:t")}`);
    expect(authHeader("bitbucket", "t")).toBe(`Authorization: Basic ${b64("x-token-auth:t")}`);
    expect(authHeader("gitea", "t")).toBe(`Authorization: Basic ${b64("x-access-token:t")}`);
  });

  test("no token, no header; local never gets one", () => {
    expect(gitEnv("github", null, {}).GIT_CONFIG_COUNT).toBeUndefined();
    expect(gitEnv("local", "t", {}).GIT_CONFIG_COUNT).toBeUndefined();
  });

  test("hardening variables are always set", () => {
    const env = gitEnv("git", null, {});
    expect(env).toMatchObject({
      GIT_TERMINAL_PROMPT: "0",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_ASKPASS: "/bin/false",
      SSH_ASKPASS: "/bin/false",
      GIT_LFS_SKIP_SMUDGE: "1",
      GIT_PROTOCOL_FROM_USER: "0",
    });
    expect(env.GIT_SSH_COMMAND).toContain("BatchMode=yes");
    expect(env.GIT_SSH_COMMAND).toContain("StrictHostKeyChecking=accept-new");
  });

  test("only an allow-list of the service's environment passes through", () => {
    const env = gitEnv("git", null, {
      PATH: "/p", HOME: "/h", SSH_AUTH_SOCK: "/s", HTTPS_PROXY: "http://proxy:3128", GIT_SSL_CAINFO: "/ca.pem",
      GIT_SSL_NO_VERIFY: "1", GIT_DIR: "/evil", GIT_CONFIG_PARAMETERS: "'core.hookspath'='/evil'", GIT_TEMPLATE_DIR: "/evil",
      GIT_EXEC_PATH: "/evil", LD_PRELOAD: "/evil.so", GIT_SSH: "/evil", GIT_PROXY_COMMAND: "/evil",
    });
    expect(env).toMatchObject({ PATH: "/p", HOME: "/h", SSH_AUTH_SOCK: "/s", HTTPS_PROXY: "http://proxy:3128", GIT_SSL_CAINFO: "/ca.pem" });
    expect(JSON.stringify(env)).not.toContain("/evil");
    expect(env.GIT_SSL_NO_VERIFY).toBeUndefined();
  });
});

describe("gitArgv", () => {
  const cfg = (argv: string[]) => argv.filter((_, i) => argv[i - 1] === "-c");

  test("hardened config precedes the command", () => {
    const argv = gitArgv("github", ["fetch", "--", "https://h/x.git", "main"]);
    expect(argv[0]).toBe("git");
    expect(argv.slice(-4)).toEqual(["fetch", "--", "https://h/x.git", "main"]);
    expect(cfg(argv)).toEqual(expect.arrayContaining([
      "protocol.allow=never", "protocol.https.allow=always", "protocol.ssh.allow=always",
      "core.hooksPath=/dev/null", "core.symlinks=false", "core.fsmonitor=false", "transfer.fsckObjects=true",
      "submodule.recurse=false", "fetch.recurseSubmodules=false", "credential.helper=",
    ]));
    expect(cfg(argv)).not.toContain("protocol.file.allow=always");
  });

  test("file protocol only for provider local, and then nothing else", () => {
    const c = cfg(gitArgv("local", ["ls-remote"]));
    expect(c).toContain("protocol.file.allow=always");
    expect(c).not.toContain("protocol.https.allow=always");
    expect(c).not.toContain("protocol.ssh.allow=always");
  });
});

describe("redaction and failure summaries", () => {
  test("redact removes the token in every encoding", () => {
    const secrets = secretsOf("github", TOKEN);
    const header = authHeader("github", TOKEN);
    const text = `x ${TOKEN} y ${header} z ${encodeURIComponent(TOKEN)} w ${b64(TOKEN)}`;
    const out = redact(text, secrets);
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain(header.slice(21));
    expect(out).not.toContain(b64(TOKEN));
  });

  test("summaries are fixed sentences, never git's own text", () => {
    const stderr = `fatal: unable to access 'https://h/x.git/': Failed to connect to h port 443: Connection refused\n/srv/secret/path ${TOKEN}`;
    const f = describeFailure({ code: 128, stderr });
    expect(f.message).toBe("could not connect to the repository host");
    expect(describeFailure({ code: 128, stderr: "fatal: '/srv/x' does not appear to be a git repository" }).message).not.toContain("/srv");
    expect(describeFailure({ code: 128, stderr: "fatal: remote error: upload-pack: not our ref abc" }).refMissing).toBe(true);
    expect(describeFailure({ code: 7, stderr: "something new /srv/x" }).message).toBe("git failed (exit code 7)");
  });
});

describe.skipIf(!opensslAvailable())("against a local HTTPS git host", () => {
  let host: FakeHost | null = null;
  const savedCa = process.env.GIT_SSL_CAINFO;
  afterEach(() => {
    host?.stop();
    host = null;
    if (savedCa === undefined) delete process.env.GIT_SSL_CAINFO;
    else process.env.GIT_SSL_CAINFO = savedCa;
  });
  const start = (b: "unauthorized" | "not_found" | "hang") => {
    host = startFakeHost(b, TOKEN);
    process.env.GIT_SSL_CAINFO = host.caFile; // operator-provided CA, passed through by gitEnv
    return host;
  };

  test("the argv probe itself sees a secret in a live command line", async () => {
    const p = Bun.spawn({ cmd: ["sh", "-c", "sleep 2", TOKEN], stdout: "ignore" });
    await Bun.sleep(50);
    expect(processesMentioning(TOKEN).length).toBe(1);
    p.kill();
    await p.exited;
  });

  test("the token reaches the host as a Basic header and never any process's argv or the error", async () => {
    const h = start("unauthorized");
    const r = await probeAccess({ provider: "github", url: h.url("/acme/app.git"), path: null, token: TOKEN }, { timeoutMs: 15000 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("repository_access_denied");
    expect(r.error.message).toContain("authentication failed");
    expect(r.error.message).not.toContain(TOKEN);
    expect(h.requests.length).toBeGreaterThan(0);
    expect(h.requests[0]!.path).toBe("/acme/app.git/info/refs");
    expect(h.requests[0]!.authorization).toBe(`Basic ${b64(`x-access-token:${TOKEN}`)}`);
    for (const req of h.requests) expect(req.argvWithSecret).toEqual([]);
  });

  test("gitlab tokens go as oauth2", async () => {
    const h = start("unauthorized");
    await probeAccess({ provider: "gitlab", url: h.url("/g/app.git"), path: null, token: TOKEN }, { timeoutMs: 15000 });
    expect(h.requests[0]!.authorization).toBe(`Basic ${b64(`oauth2:${TOKEN}`)}`);
  });

  test("404 reads as repository not found", async () => {
    const h = start("not_found");
    const r = await probeAccess({ provider: "git", url: h.url("/nope.git"), path: null, token: null }, { timeoutMs: 15000 });
    expect(!r.ok && r.error).toEqual({ code: "repository_access_denied", message: "cannot read the repository: repository not found, or the credential cannot see it" });
  });

  test("a host that never answers is cut off at the timeout", async () => {
    const h = start("hang");
    const t0 = Date.now();
    const r = await probeAccess({ provider: "git", url: h.url("/slow.git"), path: null, token: TOKEN }, { timeoutMs: 700 });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(!r.ok && r.error.code).toBe("repository_access_denied");
    expect(!r.ok && r.error.message).toContain("timed out");
  });

  test("an abort rethrows the signal's reason", async () => {
    const h = start("hang");
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error("scan canceled")), 300);
    const p = probeAccess({ provider: "git", url: h.url("/slow.git"), path: null, token: null }, { timeoutMs: 20000, signal: ac.signal });
    await expect(p).rejects.toThrow("scan canceled");
  });
});
