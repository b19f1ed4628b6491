import { afterAll, describe, expect, test } from "bun:test";
import { chownSync, cpSync, rmSync } from "node:fs";
import { probeAccess, validateRepoSpec, type RepoSpec } from "../../src/scan/sources/index.ts";
import { parseSymrefHead } from "../../src/scan/sources/probe.ts";
import { makeRepo, removeTempDirs, sh, tempDir } from "./helpers.ts";

afterAll(removeTempDirs);

const root = tempDir();
const localSpec = (path: string): RepoSpec => {
  const r = validateRepoSpec({ name: "t/r", provider: "local", path }, [root]);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe("probeAccess on local repositories", () => {
  test("default branch main", async () => {
    const { path } = makeRepo(`${root}/main-repo`, { branch: "main" });
    expect(await probeAccess(localSpec(path), { timeoutMs: 10000 })).toEqual({ ok: true, value: { defaultBranch: "main" } });
  });

  test("default branch trunk", async () => {
    const { path } = makeRepo(`${root}/trunk-repo`, { branch: "trunk" });
    expect(await probeAccess(localSpec(path), { timeoutMs: 10000 })).toEqual({ ok: true, value: { defaultBranch: "trunk" } });
  });

  test("bare repository with a slashed default branch", async () => {
    const { path } = makeRepo(`${root}/slash`, { branch: "release/2024", bare: true });
    expect(await probeAccess(localSpec(path), { timeoutMs: 10000 })).toEqual({ ok: true, value: { defaultBranch: "release/2024" } });
  });

  test("empty repository: access proven, no default branch yet", async () => {
    const path = `${root}/empty`;
    sh(root, "init", "-q", "--bare", path);
    expect(await probeAccess(localSpec(path), { timeoutMs: 10000 })).toEqual({ ok: true, value: { defaultBranch: null } });
  });

  test("a repository removed after connect is access denied, without its path in the message", async () => {
    const { path } = makeRepo(`${root}/gone`);
    const spec = localSpec(path);
    rmSync(path, { recursive: true });
    const r = await probeAccess(spec, { timeoutMs: 10000 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("repository_access_denied");
    expect(r.error.message).not.toContain(root);
  });

  test.skipIf(process.getuid?.() !== 0)("a repository owned by another user is refused with a clear reason", async () => {
    const { path } = makeRepo(`${root}/theirs-src`);
    const theirs = `${root}/theirs`;
    cpSync(path, theirs, { recursive: true });
    sh(root, "init", "-q", theirs); // keep it a repository after the copy
    chownR(theirs, 65534);
    const r = await probeAccess(localSpec(theirs), { timeoutMs: 10000 });
    expect(!r.ok && r.error).toEqual({
      code: "repository_access_denied",
      message: "cannot read the repository: git refuses to read a repository owned by another user (safe.directory)",
    });
  });
});

function chownR(dir: string, uid: number): void {
  Bun.spawnSync({ cmd: ["chown", "-R", String(uid), dir] });
  chownSync(dir, uid, uid);
}

describe("probeAccess on unreachable or refused remotes", () => {
  test("closed local port with a token: quick access denied, token not echoed", async () => {
    const token = "glpat-SuperSecretValue123";
    const t0 = Date.now();
    const r = await probeAccess({ provider: "gitlab", url: "https://127.0.0.1:9/x.git", path: null, token }, { timeoutMs: 10000 });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("repository_access_denied");
    expect(r.error.message).toBe("cannot read the repository: could not connect to the repository host");
    expect(JSON.stringify(r)).not.toContain(token);
  });

  test("a stored spec is re-checked before git runs", async () => {
    for (const url of ["file:///etc", "ext::sh -c id", "http://h/x.git", "-u/tmp/x", "https://u:p@h/x.git"]) {
      const r = await probeAccess({ provider: "git", url, path: null, token: null }, { timeoutMs: 1000 });
      expect(!r.ok && r.error.code).toBe("validation_failed");
    }
    const crlf = await probeAccess({ provider: "github", url: "https://github.com/a/b.git", path: null, token: "a\r\nX: y" }, { timeoutMs: 1000 });
    expect(!crlf.ok && crlf.error.field).toBe("credential.token");
  });

  test("a remote url is not allowed for provider local (file protocol only) and vice versa", async () => {
    const r = await probeAccess({ provider: "local", url: "https://127.0.0.1:9/x.git", path: null, token: null }, { timeoutMs: 1000 });
    expect(!r.ok && r.error.code).toBe("validation_failed");
    const { path } = makeRepo(`${root}/as-remote`);
    const s = await probeAccess({ provider: "git", url: path, path: null, token: null }, { timeoutMs: 1000 });
    expect(!s.ok && s.error.code).toBe("validation_failed");
  });

  test("an already aborted signal throws its reason", async () => {
    const ac = new AbortController();
    ac.abort(new Error("stop"));
    await expect(probeAccess(localSpec(makeRepo(`${root}/ab`).path), { timeoutMs: 1000, signal: ac.signal })).rejects.toThrow("stop");
  });
});

test("parseSymrefHead", () => {
  expect(parseSymrefHead("ref: refs/heads/dev\tHEAD\nabc\tHEAD\n")).toBe("dev");
  expect(parseSymrefHead("abc\tHEAD\n")).toBeNull();
  expect(parseSymrefHead("")).toBeNull();
});
