import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { isSafeRef, validateRepoSpec } from "../../src/scan/sources/index.ts";
import { makeRepo, removeTempDirs, tempDir } from "./helpers.ts";

afterAll(removeTempDirs);

const remote = (over: Record<string, unknown>) => ({ name: "acme/app", provider: "github", ...over }) as Parameters<typeof validateRepoSpec>[0];

describe("validateRepoSpec: accepted remote forms", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["github default url", {}, "https://github.com/acme/app.git"],
    ["gitlab default url", { provider: "gitlab" }, "https://gitlab.com/acme/app.git"],
    ["gitlab subgroups", { provider: "gitlab", name: "acme/platform/team/app" }, "https://gitlab.com/acme/platform/team/app.git"],
    ["bitbucket default url", { provider: "bitbucket" }, "https://bitbucket.org/acme/app.git"],
    ["name already ending in .git", { name: "acme/app.git" }, "https://github.com/acme/app.git"],
    ["explicit https url", { url: "https://git.internal/acme/app.git" }, "https://git.internal/acme/app.git"],
    ["https with port", { provider: "gitea", url: "https://gitea.local:3000/acme/app.git" }, "https://gitea.local:3000/acme/app.git"],
    ["upper-case scheme is normalised", { provider: "git", url: "HTTPS://git.internal/acme/app" }, "https://git.internal/acme/app"],
    ["ssh url", { provider: "git", url: "ssh://git@git.internal:2222/acme/app.git" }, "ssh://git@git.internal:2222/acme/app.git"],
    ["scp-like", { provider: "git", url: "git@git.internal:acme/app.git" }, "git@git.internal:acme/app.git"],
    ["scp-like without user", { provider: "git", url: "git.internal:acme/app.git" }, "git.internal:acme/app.git"],
    ["names with . _ -", { name: "acme-co/my_app.v2" }, "https://github.com/acme-co/my_app.v2.git"],
  ];
  for (const [label, over, url] of cases) {
    test(label, () => {
      const r = validateRepoSpec(remote(over), []);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value.url).toBe(url);
    });
  }

  test("token kept for https, path null", () => {
    const r = validateRepoSpec(remote({ token: "ghp_abc123" }), []);
    expect(r).toEqual({ ok: true, value: { name: "acme/app", provider: "github", url: "https://github.com/acme/app.git", path: null, token: "ghp_abc123" } });
  });
});

describe("validateRepoSpec: refusals", () => {
  const cases: [string, Record<string, unknown>, string, string?][] = [
    ["unknown provider", { provider: "svn" }, "provider"],
    ["missing name", { name: "" }, "name"],
    ["name without owner", { name: "app" }, "name"],
    ["github name with 3 levels", { name: "a/b/c" }, "name"],
    ["gitlab name too deep", { provider: "gitlab", name: "a/b/c/d/e/f" }, "name"],
    ["name with leading -", { name: "-acme/app" }, "name"],
    ["name with leading .", { name: "acme/.app" }, "name"],
    ["name with ..", { name: "acme/a..b" }, "name"],
    ["name .. segment", { name: "acme/.." }, "name"],
    ["name with space", { name: "acme/my app" }, "name"],
    ["name with empty part", { name: "acme//app" }, "name"],
    ["gitea without url", { provider: "gitea" }, "url"],
    ["git without url", { provider: "git" }, "url"],
    ["file://", { provider: "git", url: "file:///srv/repo.git" }, "url"],
    ["ext::", { provider: "git", url: "ext::sh -c touch% /tmp/pwned" }, "url"],
    ["ext:: without spaces", { provider: "git", url: "ext::evil" }, "url"],
    ["helper syntax", { provider: "git", url: "fd::17" }, "url"],
    ["plain http", { provider: "git", url: "http://git.internal/acme/app.git" }, "url", "http://"],
    ["git:// protocol", { provider: "git", url: "git://git.internal/acme/app.git" }, "url"],
    ["leading -", { provider: "git", url: "-uhttps://x/y" }, "url"],
    ["option-like scp path", { provider: "git", url: "git@host:-oProxyCommand=touch" }, "url"],
    ["option-like ssh host", { provider: "git", url: "ssh://-oProxyCommand=touch/x" }, "url"],
    ["https user:token", { url: "https://user:ghp_secret@github.com/acme/app.git" }, "url", "credential.token"],
    ["https token as user", { url: "https://ghp_secret@github.com/acme/app.git" }, "url", "credential.token"],
    ["ssh password", { provider: "git", url: "ssh://git:pw@host/acme/app.git" }, "url", "credential.token"],
    ["scp-like password", { provider: "git", url: "git:pw@host:acme/app.git" }, "url", "credential.token"],
    ["token in query", { url: "https://github.com/acme/app.git?private_token=x" }, "url"],
    ["whitespace", { url: "https://github.com/acme/app .git" }, "url"],
    ["newline", { url: "https://github.com/acme/app.git\n" }, "url"],
    ["control char", { url: "https://github.com/acme/\x01app.git" }, "url"],
    ["relative path as url", { provider: "git", url: "../other/repo" }, "url"],
    ["absolute path as url", { provider: "git", url: "/srv/repo.git" }, "url"],
    ["https without path", { url: "https://github.com/" }, "url"],
    ["path for a remote provider", { path: "/srv/repo" }, "path"],
    ["token with CRLF", { token: "abc\r\nX-Evil: 1" }, "credential.token"],
    ["token with space", { token: "abc def" }, "credential.token"],
    ["empty token", { token: "" }, "credential.token"],
    ["token over ssh", { provider: "git", url: "git@host:acme/app.git", token: "abc" }, "credential.token"],
  ];
  for (const [label, over, field, mentions] of cases) {
    test(label, () => {
      const r = validateRepoSpec(remote(over), []);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe("validation_failed");
      expect(r.error.field).toBe(field);
      if (mentions) expect(r.error.message).toContain(mentions);
      // Never echo a secret back.
      expect(r.error.message).not.toContain("ghp_secret");
    });
  }
});

describe("validateRepoSpec: local repositories", () => {
  const base = tempDir();
  const rootA = `${base}/root-a`;
  const outside = `${base}/outside`;
  mkdirSync(rootA);
  const work = makeRepo(`${rootA}/team/work`).path;
  const bare = makeRepo(`${rootA}/team/src`, { bare: true }).path;
  const outsideRepo = makeRepo(`${outside}/secret`).path;
  mkdirSync(`${rootA}/plain`);
  writeFileSync(`${rootA}/plain/file.txt`, "x");
  symlinkSync(outsideRepo, `${rootA}/escape`);
  symlinkSync(work, `${rootA}/alias`);
  // A gitfile inside the root whose git dir lies outside it.
  mkdirSync(`${rootA}/gitfile`);
  writeFileSync(`${rootA}/gitfile/.git`, `gitdir: ${outsideRepo}/.git\n`);
  const local = (path: string, roots = [rootA], over: Record<string, unknown> = {}) =>
    validateRepoSpec({ name: "team/work", provider: "local", path, ...over }, roots);

  test("work tree under a root", () => {
    expect(local(work)).toEqual({ ok: true, value: { name: "team/work", provider: "local", url: work, path: work, token: null } });
  });
  test("bare repository under a root", () => {
    const r = local(bare);
    expect(r.ok && r.value.url).toBe(bare);
  });
  test("symlink inside the root to a repo inside the root resolves to the real path", () => {
    const r = local(`${rootA}/alias`);
    expect(r.ok && r.value.path).toBe(work);
  });
  test("roots are realpath'd too", () => {
    symlinkSync(rootA, `${base}/root-link`);
    expect(local(work, [`${base}/root-link`]).ok).toBe(true);
  });
  test("empty entries in REACHD_LOCAL_ROOTS are ignored", () => {
    expect(local(work, ["", rootA]).ok).toBe(true);
  });

  const refused: [string, () => ReturnType<typeof local>, string][] = [
    ["outside every root", () => local(outsideRepo), "repository_access_denied"],
    ["symlink escape", () => local(`${rootA}/escape`), "repository_access_denied"],
    [".. escape", () => local(`${rootA}/../outside/secret`), "validation_failed"],
    ["gitfile pointing outside", () => local(`${rootA}/gitfile`), "repository_access_denied"],
    ["not a git repository", () => local(`${rootA}/plain`), "repository_access_denied"],
    ["does not exist", () => local(`${rootA}/missing`), "repository_access_denied"],
    ["relative path", () => local("team/work"), "validation_failed"],
    ["no roots configured", () => local(work, []), "repository_access_denied"],
    ["missing path", () => validateRepoSpec({ name: "team/work", provider: "local" }, [rootA]), "validation_failed"],
    ["url instead of path", () => local(work, [rootA], { url: "https://x/y.git" }), "validation_failed"],
    ["token with local", () => local(work, [rootA], { token: "abc" }), "validation_failed"],
    ["root prefix is not containment", () => local(work, [`${rootA}/te`]), "repository_access_denied"],
  ];
  for (const [label, run, code] of refused) {
    test(label, () => {
      const r = run();
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code as string).toBe(code);
      // No host paths in messages.
      expect(r.error.message).not.toContain(base);
    });
  }

  test("outside and nonexistent get the same answer (no existence oracle)", () => {
    const a = local(outsideRepo);
    const b = local(`${outside}/nothing-here`);
    expect(a).toEqual(b);
  });
});

describe("isSafeRef", () => {
  const good = ["main", "feature/x-1", "v1.2.3", "refs/heads/main", "refs/tags/v1", "HEAD", "a".repeat(40), "release_2024.10", "user@host"];
  const bad = [
    "", "-x", "--upload-pack=evil", "a..b", "a b", "a\tb", "a\nb", "a\x00b", "a\x7f", "a~1", "a^", "a:b", "a?", "a*", "a[b", "a\\b",
    "a@{1}", "x.lock", "x/", "/x", "a//b", "x.", ".hidden", "a/.b", "@", "a".repeat(256),
  ];
  for (const r of good) test(`accepts ${JSON.stringify(r).slice(0, 30)}`, () => expect(isSafeRef(r)).toBe(true));
  for (const r of bad) test(`refuses ${JSON.stringify(r).slice(0, 30)}`, () => expect(isSafeRef(r)).toBe(false));
});
