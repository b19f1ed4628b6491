import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname } from "node:path";
import { checkout, settleCheckout, validateRepoSpec, type Checkout, type RepoSpec } from "../../src/scan/sources/index.ts";
import { MAX_REUSES } from "../../src/scan/sources/checkout.ts";
import { commitFiles, makeRepo, removeTempDirs, sh, tempDir } from "./helpers.ts";
import { opensslAvailable, processesMentioning, startFakeHost } from "./tls-server.ts";

afterAll(removeTempDirs);

const root = tempDir();
const limits = { timeoutMs: 20000, maxBytes: 50 * 1024 * 1024 };
const spec = (path: string): RepoSpec => {
  const r = validateRepoSpec({ name: "t/r", provider: "local", path }, [root]);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const freshWorkRoot = () => tempDir("reachd-work-");

// A repository with history, tags of both kinds, a branch and a tag sharing a name, and a
// symlink pointing at a host file.
const repo = makeRepo(`${root}/app`, {
  branch: "main",
  files: { "package.json": '{"name":"app"}', "src/index.js": "console.log(1)\n" },
  symlinks: { passwd: "/etc/passwd", "link-dir": "/etc" },
});
const first = repo.sha;
sh(repo.path, "tag", "-a", "v1.0.0", "-m", "release");
sh(repo.path, "tag", "light");
const second = commitFiles(repo.path, { "src/index.js": "console.log(2)\n" });
sh(repo.path, "branch", "feature/x", first);
const third = commitFiles(repo.path, { "CHANGELOG.md": "3\n" });
sh(repo.path, "tag", "feature/x", third); // same name as the branch: the branch must win
// Uncommitted changes in the operator's working tree are not part of any commit.
writeFileSync(`${repo.path}/dirty.txt`, "uncommitted\n");
writeFileSync(`${repo.path}/src/index.js`, "console.log('edited')\n");

async function ok(ref: string, s = spec(repo.path), workRoot = freshWorkRoot()) {
  const r = await checkout(s, ref, { workRoot, limits });
  if (!r.ok) throw new Error(`${ref}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

describe("checkout resolves refs", () => {
  const cases: [string, () => string][] = [
    ["main", () => third],
    ["refs/heads/main", () => third],
    ["HEAD", () => third],
    ["feature/x", () => first],
    ["v1.0.0", () => first],
    ["refs/tags/v1.0.0", () => first],
    ["light", () => first],
    ["refs/tags/feature/x", () => third],
  ];
  for (const [ref, want] of cases) {
    test(ref, async () => {
      const c = await ok(ref);
      expect(c.commitSha).toBe(want());
      await c.cleanup();
    });
  }

  test("a full commit sha that is not a branch tip", async () => {
    const c = await ok(second);
    expect(c.commitSha).toBe(second);
    expect(readFileSync(`${c.dir}/src/index.js`, "utf8")).toBe("console.log(2)\n");
    await c.cleanup();
  });

  test("an upper-case sha", async () => {
    const c = await ok(first.toUpperCase());
    expect(c.commitSha).toBe(first);
    await c.cleanup();
  });

  test("bare source repositories work too", async () => {
    const bare = makeRepo(`${root}/bare-src`, { bare: true });
    const c = await ok("main", spec(bare.path));
    expect(c.commitSha).toBe(bare.sha);
    await c.cleanup();
  });
});

describe("checkout contents", () => {
  test("committed files only: no .git, no uncommitted changes", async () => {
    const c = await ok("main");
    expect(readdirSync(c.dir).sort()).toEqual(["CHANGELOG.md", "link-dir", "package.json", "passwd", "src"]);
    expect(readFileSync(`${c.dir}/src/index.js`, "utf8")).toBe("console.log(2)\n");
    expect(existsSync(`${c.dir}/dirty.txt`)).toBe(false);
    await c.cleanup();
  });

  test("symlinks become plain files holding the link text", async () => {
    const c = await ok("main");
    for (const [name, target] of [["passwd", "/etc/passwd"], ["link-dir", "/etc"]] as const) {
      const st = lstatSync(`${c.dir}/${name}`);
      expect(st.isSymbolicLink()).toBe(false);
      expect(st.isFile()).toBe(true);
      expect(readFileSync(`${c.dir}/${name}`, "utf8")).toBe(target);
    }
    await c.cleanup();
  });

  test("the workspace is private (0700) and cleanup removes it, twice without throwing", async () => {
    const workRoot = freshWorkRoot();
    const c = await ok("main", spec(repo.path), workRoot);
    const workspace = dirname(c.dir);
    expect(dirname(workspace)).toBe(workRoot);
    expect(statSync(workspace).mode & 0o777).toBe(0o700);
    await c.cleanup();
    await c.cleanup();
    expect(existsSync(workspace)).toBe(false);
    expect(readdirSync(workRoot)).toEqual([]);
  });

  test("submodules are not fetched", async () => {
    const sub = makeRepo(`${root}/with-sub`);
    sh(sub.path, "update-index", "--add", "--cacheinfo", `160000,${first},vendor/lib`);
    sh(sub.path, "commit", "-q", "-m", "gitlink");
    writeFileSync(`${sub.path}/.gitmodules`, `[submodule "lib"]\n\tpath = vendor/lib\n\turl = ${repo.path}\n`);
    sh(sub.path, "add", ".gitmodules");
    sh(sub.path, "commit", "-q", "-m", "modules");
    const c = await ok("main", spec(sub.path));
    expect(existsSync(`${c.dir}/vendor/lib/package.json`)).toBe(false);
    await c.cleanup();
  });

  test("hooks and config smuggled in through the service's environment do not run", async () => {
    const marker = `${tempDir()}/hook-ran`;
    const hooks = tempDir("reachd-hooks-");
    mkdirSync(`${hooks}/hooks`);
    writeFileSync(`${hooks}/hooks/post-checkout`, `#!/bin/sh\ntouch ${marker}\n`);
    chmodSync(`${hooks}/hooks/post-checkout`, 0o755);
    // Sanity: this template does fire for a plain git clone.
    const plain = `${tempDir()}/plain`;
    Bun.spawnSync({ cmd: ["git", "clone", "-q", repo.path, plain], env: { PATH: process.env.PATH!, GIT_TEMPLATE_DIR: hooks, GIT_CONFIG_GLOBAL: "/dev/null" } });
    expect(existsSync(marker)).toBe(true);
    Bun.spawnSync({ cmd: ["rm", "-f", marker] });

    const saved = { t: process.env.GIT_TEMPLATE_DIR, p: process.env.GIT_CONFIG_PARAMETERS };
    process.env.GIT_TEMPLATE_DIR = hooks;
    process.env.GIT_CONFIG_PARAMETERS = `'core.hookspath'='${hooks}/hooks'`;
    try {
      const c = await ok("main");
      await c.cleanup();
    } finally {
      if (saved.t === undefined) delete process.env.GIT_TEMPLATE_DIR;
      else process.env.GIT_TEMPLATE_DIR = saved.t;
      if (saved.p === undefined) delete process.env.GIT_CONFIG_PARAMETERS;
      else process.env.GIT_CONFIG_PARAMETERS = saved.p;
    }
    expect(existsSync(marker)).toBe(false);
  });
});

describe("checkout content ids", () => {
  test("every checked-out file has its git blob id (symlinks too, as the link text's blob); submodules have none", async () => {
    const c = await ok("main");
    const ids = c.contentIds!;
    expect([...ids.keys()].sort()).toEqual(["CHANGELOG.md", "link-dir", "package.json", "passwd", "src/index.js"]);
    for (const [path, id] of ids) {
      // What git would name the checked-out bytes: the id vouches for the content on disk.
      expect(id).toBe(sh(c.dir, "hash-object", "--no-filters", path));
    }
    await c.cleanup();
    const withSub = makeRepo(`${root}/ids-sub`);
    sh(withSub.path, "update-index", "--add", "--cacheinfo", `160000,${first},vendor/lib`);
    sh(withSub.path, "commit", "-q", "-m", "gitlink");
    const sub = await ok("main", spec(withSub.path));
    expect([...sub.contentIds!.keys()]).toEqual(["README.md"]);
    await sub.cleanup();
  });

  test("with .gitattributes (which can rewrite content on checkout), ids also change when any of them changes", async () => {
    const r = makeRepo(`${root}/attrs`, { files: { "a.js": "a()\r\nb()\r\n", "lib/b.js": "b()\n" } });
    const shas = [r.sha, commitFiles(r.path, { ".gitattributes": "*.js text eol=crlf\n" }), commitFiles(r.path, { "lib/.gitattributes": "*.js ident\n" })];
    const cos = await Promise.all(shas.map((sha) => ok(sha, spec(r.path))));
    for (const path of ["a.js", "lib/b.js"]) {
      const ids = cos.map((c) => c.contentIds!.get(path)!);
      expect(ids.map((id, i) => id.split(":")[0] === sh(r.path, "rev-parse", `${shas[i]}:${path}`))).toEqual([true, true, true]);
      expect(ids.map((id) => id.includes(":"))).toEqual([false, true, true]);
      expect(new Set(ids).size).toBe(3);
    }
    // The rule really rewrote the checked-out bytes: the blob id alone would not have told.
    expect(readFileSync(`${cos[2]!.dir}/lib/b.js`, "utf8")).toBe("b()\r\n");
    for (const c of cos) await c.cleanup();
  });
});

describe("checkout reusing the previous checkout's workspace", () => {
  /** Every file of a tree with its content, for comparing a reused checkout with a fresh one. */
  const contents = (dir: string): Record<string, string> => {
    const out: Record<string, string> = {};
    const walk = (rel: string): void => {
      for (const e of readdirSync(`${dir}/${rel}`, { withFileTypes: true })) {
        const path = rel === "" ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory()) walk(path);
        else out[path] = readFileSync(`${dir}/${path}`, "utf8");
      }
    };
    walk("");
    return out;
  };
  const reuse = async (ref: string, previous: Checkout | null, s: RepoSpec, workRoot: string): Promise<Checkout> => {
    const r = await checkout(s, ref, { workRoot, limits, reuse: previous });
    if (!r.ok) throw new Error(`${ref}: ${r.error.code} ${r.error.message}`);
    return r.value;
  };

  test("files changed, added and removed, and anything else written there, end up as in a fresh checkout of the new commit", async () => {
    const r = makeRepo(`${root}/reuse`, { files: { "a.js": "a1\n", "gone.js": "g\n", "dir/b.js": "b1\n", "dir/keep.js": "k\n" } });
    const workRoot = freshWorkRoot();
    const first = await reuse("main", null, spec(r.path), workRoot);
    const workspace = dirname(first.dir);
    rmSync(`${r.path}/gone.js`);
    const next = commitFiles(r.path, { "a.js": "a2\n", "dir/b.js": "b2\n", "new/c.js": "c\n" });
    writeFileSync(`${first.dir}/junk.js`, "not in any commit\n");
    writeFileSync(`${first.dir}/dir/keep.js`, "tampered\n");
    const second = await reuse("main", first, spec(r.path), workRoot);
    expect(dirname(second.dir)).toBe(workspace);
    expect(second.commitSha).toBe(next);
    expect(readdirSync(workRoot)).toHaveLength(1);
    const fresh = await ok("main", spec(r.path));
    expect(contents(second.dir)).toEqual(contents(fresh.dir));
    expect(contents(second.dir)).toEqual({ "a.js": "a2\n", "dir/b.js": "b2\n", "dir/keep.js": "k\n", "new/c.js": "c\n" });
    expect(second.contentIds).toEqual(fresh.contentIds);
    // An older commit works too (history is not needed beyond the fetched commit).
    const third = await reuse(r.sha, second, spec(r.path), workRoot);
    expect(contents(third.dir)).toEqual({ "a.js": "a1\n", "gone.js": "g\n", "dir/b.js": "b1\n", "dir/keep.js": "k\n" });
    await third.cleanup();
    await fresh.cleanup();
    expect(readdirSync(workRoot)).toEqual([]);
  });

  test("a reused checkout fetches only the new commit's new objects, not the whole tree again", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`src/f${i}.js`] = `export const v${i} = ${i};\n`;
    const r = makeRepo(`${root}/reuse-objects`, { files });
    const workRoot = freshWorkRoot();
    const inPack = (co: Checkout): number => Number(/in-pack: (\d+)/.exec(sh(dirname(co.dir), "--git-dir=git", "count-objects", "-v"))![1]);
    const first = await reuse("main", null, spec(r.path), workRoot);
    const before = inPack(first);
    expect(before).toBeGreaterThan(60);
    commitFiles(r.path, { "src/f7.js": "export const v7 = 'seven';\n" });
    const second = await reuse("main", first, spec(r.path), workRoot);
    // The commit, the root and src trees, the changed blob (and a delta base git may add to
    // complete a thin pack); without the ref the whole tree came again (63 more).
    expect(inPack(second) - before).toBeLessThanOrEqual(5);
    expect(readFileSync(`${second.dir}/src/f7.js`, "utf8")).toBe("export const v7 = 'seven';\n");
    await second.cleanup();
  });

  test("a settled fresh checkout has an index newer than its files (not racily clean), and is still reused exactly", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`src/f${i}.js`] = `export const v${i} = ${i};\n`;
    const r = makeRepo(`${root}/reuse-settled`, { files });
    const workRoot = freshWorkRoot();
    const first = await reuse("main", null, spec(r.path), workRoot);
    const index = `${dirname(first.dir)}/git/index`;
    const newestFile = (): number => Math.max(...Object.keys(contents(first.dir)).map((p) => Math.floor(statSync(`${first.dir}/${p}`).mtimeMs / 1000)));
    // git compares whole seconds: a file not older than the index is re-read at the next checkout.
    const racy = (): boolean => Math.floor(statSync(index).mtimeMs / 1000) <= newestFile();
    await Bun.sleep(1100);
    await settleCheckout(first);
    expect(racy()).toBe(false);
    writeFileSync(`${first.dir}/src/f3.js`, "tampered after settling\n");
    commitFiles(r.path, { "src/f7.js": "export const v7 = 'seven';\n" });
    const second = await reuse("main", first, spec(r.path), workRoot);
    expect(readFileSync(`${second.dir}/src/f7.js`, "utf8")).toBe("export const v7 = 'seven';\n");
    expect(readFileSync(`${second.dir}/src/f3.js`, "utf8")).toBe("export const v3 = 3;\n");
    await second.cleanup();
  });

  test("another repository, a failed fetch or too many reuses: the old workspace is removed and the checkout made afresh", async () => {
    const a = makeRepo(`${root}/reuse-a`, { files: { "a.js": "a\n" } });
    const b = makeRepo(`${root}/reuse-b`, { files: { "b.js": "b\n" } });
    const workRoot = freshWorkRoot();
    const first = await reuse("main", null, spec(a.path), workRoot);
    const other = await reuse("main", first, spec(b.path), workRoot);
    expect(existsSync(dirname(first.dir))).toBe(false);
    expect(contents(other.dir)).toEqual({ "b.js": "b\n" });
    // A broken database: the reuse fails, the fresh checkout does not.
    rmSync(`${dirname(other.dir)}/git/objects`, { recursive: true, force: true });
    commitFiles(b.path, { "b.js": "b2\n" });
    const repaired = await reuse("main", other, spec(b.path), workRoot);
    expect(dirname(repaired.dir)).not.toBe(dirname(other.dir));
    expect(contents(repaired.dir)).toEqual({ "b.js": "b2\n" });
    expect(readdirSync(workRoot)).toHaveLength(1);
    let co = repaired;
    const seen = new Set<string>();
    for (let i = 0; i <= MAX_REUSES; i++) {
      seen.add(dirname(co.dir));
      co = await reuse("main", co, spec(b.path), workRoot);
    }
    expect(seen.size).toBe(1);
    expect(seen.has(dirname(co.dir))).toBe(false);
    expect(readdirSync(workRoot)).toHaveLength(1);
    await co.cleanup();
  });

  test("a ref that does not exist fails as without reuse and leaves no workspace behind", async () => {
    const r = makeRepo(`${root}/reuse-missing`);
    const workRoot = freshWorkRoot();
    const first = await reuse("main", null, spec(r.path), workRoot);
    const res = await checkout(spec(r.path), "no-such-branch", { workRoot, limits, reuse: first });
    expect(res.ok ? "ok" : res.error.code).toBe("ref_not_found");
    expect(readdirSync(workRoot)).toEqual([]);
  });
});

describe("checkout failures", () => {
  const fails = async (ref: string, code: string, s = spec(repo.path), l = limits) => {
    const workRoot = freshWorkRoot();
    const r = await checkout(s, ref, { workRoot, limits: l });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code as never);
    expect(r.error.message).not.toContain(root);
    expect(r.error.message).not.toContain(workRoot);
    // Nothing left behind.
    expect(readdirSync(workRoot)).toEqual([]);
  };

  test("unknown branch", () => fails("no-such-branch", "ref_not_found"));
  test("unknown full ref", () => fails("refs/heads/nope", "ref_not_found"));
  test("unknown sha", () => fails("0123456789abcdef0123456789abcdef01234567", "ref_not_found"));
  test("a sha naming a tree, not a commit", () => fails(sh(repo.path, "rev-parse", `${first}^{tree}`), "ref_not_found"));
  test("unsafe refs are refused before git runs", async () => {
    for (const ref of ["", "-x", "--upload-pack=touch /tmp/x", "main..dev", "a b", "HEAD@{1}", "main~1"]) await fails(ref, "validation_failed");
  });
  test("a removed repository is clone_failed", async () => {
    const gone = makeRepo(`${root}/gone`);
    const s = spec(gone.path);
    Bun.spawnSync({ cmd: ["rm", "-rf", gone.path] });
    await fails("main", "clone_failed", s);
  });
  test("too_large with a tiny maxBytes", () => fails("main", "too_large", spec(repo.path), { timeoutMs: 20000, maxBytes: 1 }));
  test("too_large while fetching a big repository", async () => {
    const big = makeRepo(`${root}/big`, { files: { "blob.bin": randomBytes(3 * 1024 * 1024).toString("base64") } });
    await fails("main", "too_large", spec(big.path), { timeoutMs: 20000, maxBytes: 1024 * 1024 });
  });
  test("timeout with a 1 ms limit", () => fails("main", "timeout", spec(repo.path), { timeoutMs: 1, maxBytes: limits.maxBytes }));
});

describe.skipIf(!opensslAvailable())("checkout against a host that never answers", () => {
  test("timeout kills git and removes the workspace", async () => {
    const host = startFakeHost("hang", "unused-secret");
    process.env.GIT_SSL_CAINFO = host.caFile;
    try {
      const workRoot = freshWorkRoot();
      const s: RepoSpec = { provider: "git", url: host.url("/a.git"), path: null, token: null };
      const t0 = Date.now();
      const r = await checkout(s, "main", { workRoot, limits: { timeoutMs: 600, maxBytes: 1e6 } });
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(!r.ok && r.error).toEqual({ code: "timeout", message: "checkout timed out after 600 ms" });
      expect(readdirSync(workRoot)).toEqual([]);
      // The whole process group went, git-remote-https included (its argv names the URL).
      expect(host.requests.length).toBeGreaterThan(0);
      await Bun.sleep(100);
      expect(processesMentioning(host.url("/a.git"))).toEqual([]);
    } finally {
      host.stop();
      delete process.env.GIT_SSL_CAINFO;
    }
  });

  test("the size watch stops a fetch in progress", async () => {
    const host = startFakeHost("hang", "unused-secret");
    process.env.GIT_SSL_CAINFO = host.caFile;
    try {
      const workRoot = freshWorkRoot();
      const s: RepoSpec = { provider: "git", url: host.url("/a.git"), path: null, token: null };
      // A commit sha skips ls-remote, so git is hanging in the (watched) fetch.
      const p = checkout(s, "a".repeat(40), { workRoot, limits: { timeoutMs: 20000, maxBytes: 10_000 } });
      // Stand in for a pack that keeps growing while git is busy.
      await Bun.sleep(300);
      const [workspace] = readdirSync(workRoot);
      writeFileSync(`${workRoot}/${workspace}/growing.pack`, Buffer.alloc(20_000));
      const t0 = Date.now();
      const r = await p;
      expect(Date.now() - t0).toBeLessThan(3000);
      expect(!r.ok && r.error.code).toBe("too_large");
      expect(readdirSync(workRoot)).toEqual([]);
    } finally {
      host.stop();
      delete process.env.GIT_SSL_CAINFO;
    }
  });

  test("an abort rethrows the signal's reason and removes the workspace", async () => {
    const host = startFakeHost("hang", "unused-secret");
    process.env.GIT_SSL_CAINFO = host.caFile;
    try {
      const workRoot = freshWorkRoot();
      const ac = new AbortController();
      const reason = new Error("scan canceled");
      setTimeout(() => ac.abort(reason), 300);
      const s: RepoSpec = { provider: "git", url: host.url("/a.git"), path: null, token: null };
      const p = checkout(s, "main", { workRoot, limits: { timeoutMs: 20000, maxBytes: 1e6 }, signal: ac.signal });
      await expect(p).rejects.toBe(reason);
      expect(readdirSync(workRoot)).toEqual([]);
    } finally {
      host.stop();
      delete process.env.GIT_SSL_CAINFO;
    }
  });
});
