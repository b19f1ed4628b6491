// The whole product through its real interfaces: the CLI sets up accounts and advisories, the
// real server scans real git repositories, and the API is walked as a client would.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { mkdirSync, symlinkSync } from "node:fs";
import { api, cleanup, cli, startServer, tempDir, waitForScan, type Server } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";
import { clean, pyapp, testsOnly, webapp } from "./projects.ts";

const ADVISORIES = resolve(import.meta.dir, "../fixtures/advisories/e2e");
const SEGMENT = /^[\w./@-]+:\d+$/;

let server: Server;
let roots: string;
let outside: string;
let admin: string; // account 1, admin
let readOnly: string; // account 1, repos:read + scans:read
let other: string; // account 2, admin
const repos: Record<string, string> = {};

async function connect(key: string, name: string, path: string) {
  return api(server, "POST", "/v1/repos", { key, body: { name, provider: "local", path } });
}

async function scan(repoId: string, body: Record<string, unknown> = {}, key = admin) {
  const res = await api(server, "POST", "/v1/scans", { key, body: { repo_id: repoId, ref: "main", ...body } });
  expect(res.status).toBe(201);
  return waitForScan(server, key, res.body.id);
}

beforeAll(async () => {
  roots = tempDir("reachd-roots-");
  outside = tempDir("reachd-outside-");
  makeRepo(join(roots, "webapp"), webapp);
  makeRepo(join(roots, "tests-only"), testsOnly);
  makeRepo(join(roots, "clean"), clean);
  makeRepo(join(roots, "pyapp"), pyapp);
  makeRepo(join(roots, "trunk-repo"), clean, "trunk");
  makeRepo(join(outside, "elsewhere"), clean);
  mkdirSync(join(roots, "not-git"));
  symlinkSync(join(outside, "elsewhere"), join(roots, "escape"));

  const dataDir = tempDir("reachd-data-");
  const init = await cli(["init", "--json"], { dataDir });
  expect(init.code).toBe(0);
  const made = JSON.parse(init.stdout);
  expect(made.account_id).toMatch(/^acct_/);
  expect(made.api_key).toMatch(/^rk_/);
  admin = made.api_key;

  const imported = await cli(["advisories", "import", ADVISORIES, "--json"], { dataDir });
  expect(imported.code).toBe(0);

  const ro = await cli(["keys", "create", "--account", made.account_id, "--scopes", "repos:read,scans:read", "--name", "ro", "--json"], { dataDir });
  expect(ro.code).toBe(0);
  readOnly = JSON.parse(ro.stdout).api_key;

  const acct2 = await cli(["accounts", "create", "--name", "other team", "--plan", "pro", "--json"], { dataDir });
  expect(acct2.code).toBe(0);
  const k2 = await cli(["keys", "create", "--account", JSON.parse(acct2.stdout).account_id, "--scopes", "admin", "--json"], { dataDir });
  other = JSON.parse(k2.stdout).api_key;

  server = await startServer({ dataDir, env: { REACHD_LOCAL_ROOTS: roots, REACHD_WORKERS: "2" } });
  for (const name of ["webapp", "tests-only", "clean", "pyapp"]) {
    const res = await connect(admin, `acme/${name}`, join(roots, name));
    expect(res.status).toBe(201);
    repos[name] = res.body.id;
  }
});

afterAll(async () => {
  await server?.stop();
  cleanup(roots, outside, server?.dataDir ?? "");
});

describe("authentication and scopes", () => {
  test("a request without a key is 401 with the error body and WWW-Authenticate", async () => {
    const res = await api(server, "GET", "/v1/repos");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
    expect(res.body.error.code).toBe("unauthorized");
    expect(res.body.request_id).toBe(res.headers.get("x-request-id"));
  });

  test("an unknown or malformed key is 401", async () => {
    expect((await api(server, "GET", "/v1/repos", { key: "rk_" + "A".repeat(43) })).status).toBe(401);
    expect((await api(server, "GET", "/v1/repos", { headers: { authorization: "Basic abc" } })).status).toBe(401);
    expect((await api(server, "GET", "/v1/repos", { headers: { authorization: admin } })).status).toBe(401);
    // Failed attempts are throttled per client address, and say so in the headers.
    const res = await api(server, "GET", "/v1/repos", { key: "rk_wrong" });
    expect(res.headers.get("x-ratelimit-limit")).toBe("300");
    expect(Number(res.headers.get("x-ratelimit-remaining"))).toBeLessThan(300);
  });

  test("ids that cannot exist are 404, however odd", async () => {
    for (const id of ["scan_" + "x".repeat(500), "%00", "..%2F..%2Fetc", "' OR 1=1 --"]) {
      const res = await api(server, "GET", `/v1/scans/${encodeURIComponent(id)}`, { key: admin });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    const polluted = await api(server, "POST", "/v1/scans", {
      key: admin,
      raw: '{"repo_id":"repo_x","ref":"main","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      headers: { "content-type": "application/json" },
    });
    expect(polluted.status).toBe(404);
    expect(({} as any).admin).toBeUndefined();
  });

  test("a key without the route's scope is 403 naming the scope", async () => {
    const res = await api(server, "POST", "/v1/repos", { key: readOnly, body: { name: "a/b", provider: "local", path: roots } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_scope");
    expect(res.body.error.message).toContain("repos:write");
    const scanRes = await api(server, "POST", "/v1/scans", { key: readOnly, body: { repo_id: repos.clean, ref: "main" } });
    expect(scanRes.status).toBe(403);
    expect(scanRes.body.error.message).toContain("scans:write");
    expect((await api(server, "GET", "/v1/repos", { key: readOnly })).status).toBe(200);
  });

  test("revoked and expired keys are refused", async () => {
    const dataDir = server.dataDir;
    const acct = (await api(server, "GET", "/v1/keys", { key: admin })).body.keys as any[];
    expect(acct.length).toBeGreaterThanOrEqual(2);
    const created = await api(server, "POST", "/v1/keys", { key: admin, body: { name: "temp", scopes: ["repos:read"] } });
    expect(created.status).toBe(201);
    expect(created.body.api_key).toMatch(/^rk_/);
    expect((await api(server, "GET", "/v1/repos", { key: created.body.api_key })).status).toBe(200);
    // The listing never shows the secret.
    const listed = await api(server, "GET", "/v1/keys", { key: admin });
    expect(listed.text).not.toContain(created.body.api_key);
    expect(listed.body.keys.find((k: any) => k.id === created.body.id).last_used_at).not.toBeNull();

    expect((await api(server, "DELETE", `/v1/keys/${created.body.id}`, { key: admin })).status).toBe(204);
    const revoked = await api(server, "GET", "/v1/repos", { key: created.body.api_key });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.message).toContain("revoked");

    const expired = await api(server, "POST", "/v1/keys", {
      key: admin,
      body: { name: "old", scopes: ["repos:read"], expires_at: "2001-01-01T00:00:00Z" },
    });
    const res = await api(server, "GET", "/v1/repos", { key: expired.body.api_key });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toContain("expired");
    expect(dataDir).toBeTruthy();
  });
});

describe("repositories", () => {
  test("connect returns the repository object; list shows only the account's own", async () => {
    const list = await api(server, "GET", "/v1/repos", { key: admin });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(4);
    const web = list.body.repos.find((r: any) => r.id === repos.webapp);
    expect(web).toMatchObject({ name: "acme/webapp", provider: "local", plan: "team", default_branch: "main", last_scan: expect.anything() === undefined ? null : web.last_scan });
    expect(web.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const theirs = await api(server, "GET", "/v1/repos", { key: other });
    expect(theirs.body).toEqual({ repos: [], total: 0, next_cursor: null });
  });

  test("the default branch is discovered from the repository", async () => {
    const res = await connect(admin, "acme/trunk-repo", join(roots, "trunk-repo"));
    expect(res.status).toBe(201);
    expect(res.body.default_branch).toBe("trunk");
  });

  test("connect rules: duplicates, roots, non-repositories, bad fields", async () => {
    expect((await connect(admin, "acme/webapp", join(roots, "webapp"))).status).toBe(409);
    // Another account may use the same name.
    expect((await connect(other, "acme/webapp", join(roots, "webapp"))).status).toBe(201);
    const outsideRes = await connect(admin, "acme/elsewhere", join(outside, "elsewhere"));
    expect(outsideRes.status).toBe(422);
    expect(outsideRes.body.error.message).not.toContain(outside);
    expect((await connect(admin, "acme/escape", join(roots, "escape"))).status).toBe(422);
    expect((await connect(admin, "acme/dotdot", join(roots, "..", "x"))).status).toBe(422);
    expect((await connect(admin, "acme/not-git", join(roots, "not-git"))).status).toBe(422);
    const badProvider = await api(server, "POST", "/v1/repos", { key: admin, body: { name: "a/b", provider: "svn" } });
    expect(badProvider.status).toBe(400);
    expect(badProvider.body.error.details[0].field).toBe("provider");
    expect((await api(server, "POST", "/v1/repos", { key: admin, body: { provider: "local" } })).status).toBe(400);
    expect((await api(server, "POST", "/v1/repos", { key: admin, body: { name: "-x/y", provider: "local", path: roots } })).status).toBe(400);
    const fileUrl = await api(server, "POST", "/v1/repos", { key: admin, body: { name: "a/b", provider: "git", url: "file:///etc" } });
    expect(fileUrl.status).toBe(400);
    const ext = await api(server, "POST", "/v1/repos", { key: admin, body: { name: "a/b", provider: "git", url: "ext::sh -c touch% /tmp/pwned" } });
    expect(ext.status).toBe(400);
  });

  test("a remote the service cannot read is 422 and the token never echoes", async () => {
    const res = await api(server, "POST", "/v1/repos", {
      key: admin,
      body: { name: "acme/remote", provider: "git", url: "https://127.0.0.1:9/acme/remote.git", credential: { token: "sekrit-token-123" } },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("repository_access_denied");
    expect(res.text).not.toContain("sekrit-token-123");
    expect(server.logs()).not.toContain("sekrit-token-123");
  });
});

describe("scans and findings", () => {
  let webScan: any;

  beforeAll(async () => {
    webScan = await scan(repos.webapp!);
  });

  test("a scan goes to complete with the status form filled in", async () => {
    expect(webScan.status).toBe("complete");
    expect(webScan.commit_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(webScan.verdict).toBe("block");
    expect(webScan.total_advisories).toBe(5);
    expect(webScan.reachable_count).toBe(1);
    expect(webScan.duration_ms).toBeGreaterThanOrEqual(0);
    expect(webScan.completed_at).toMatch(/Z$/);
    expect(webScan.error).toBeNull();
    expect(webScan.threshold).toEqual({ severity: "low", reachable_only: false });
  });

  test("findings carry the contract's fields, a real call path, and the risk order", async () => {
    const res = await api(server, "GET", `/v1/scans/${webScan.id}/findings`, { key: admin });
    expect(res.status).toBe(200);
    expect(res.body.scan_id).toBe(webScan.id);
    const ids = res.body.findings.map((f: any) => f.advisory_id);
    expect(ids).toEqual(["RDTEST-2026-0001", "RDTEST-2026-0002", "RDTEST-2026-0005", "RDTEST-2026-0003", "RDTEST-2026-0004"]);
    expect(res.body.total).toBe(5);
    const top = res.body.findings[0];
    expect(top).toMatchObject({
      cve_id: "CVE-2099-0001",
      package: "acme-template",
      version: "1.2.0",
      severity: "critical",
      reachable: true,
      fix_version: "1.3.0",
      ecosystem: "npm",
      cvss_score: 9.8,
      dependency: { direct: true, chain: ["webapp", "acme-template"] },
      reachability: { level: "function", score: 1, symbols: ["acme-template.compile"] },
    });
    const segments = top.call_path.split(" -> ");
    expect(segments[0]).toMatch(/^src\/server\.js:/);
    expect(segments).toContain("src/routes/report.js:4");
    expect(segments[segments.length - 1]).toBe("acme-template.compile");
    for (const s of segments.slice(1, -1)) expect(s).toMatch(SEGMENT);
    expect(top.call_paths[0]).toBe(top.call_path);

    // Dead code, tests and dev-only packages do not count.
    for (const f of res.body.findings.slice(1)) {
      expect(f.reachable).toBe(false);
      expect(f.call_path).toBeNull();
      expect(["none", "unknown"]).toContain(f.reachability.level);
    }
    const noCve = res.body.findings.find((f: any) => f.advisory_id === "RDTEST-2026-0004");
    expect(noCve.cve_id).toBeNull();
    expect(noCve.reachability.level).toBe("none");
    const deep = res.body.findings.find((f: any) => f.package === "acme-deep");
    expect(deep.dependency).toEqual({ direct: false, chain: ["webapp", "acme-parse", "acme-deep"] });
  });

  test("threshold: severity and reachable_only narrow the reported findings and the verdict", async () => {
    const high = await scan(repos.webapp!, { threshold: { severity: "high" } });
    const highFindings = await api(server, "GET", `/v1/scans/${high.id}/findings`, { key: admin });
    expect(highFindings.body.findings.map((f: any) => f.severity)).toEqual(["critical", "high", "high"]);
    const only = await scan(repos.webapp!, { threshold: { severity: "critical", reachable_only: true } });
    expect(only.verdict).toBe("block");
    const onlyFindings = await api(server, "GET", `/v1/scans/${only.id}/findings`, { key: admin });
    expect(onlyFindings.body.findings.map((f: any) => f.advisory_id)).toEqual(["RDTEST-2026-0001"]);
    // total_advisories counts matches, not the threshold's view of them.
    expect(only.total_advisories).toBe(5);
    const bad = await api(server, "POST", "/v1/scans", { key: admin, body: { repo_id: repos.webapp, ref: "main", threshold: { severity: "severe" } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe("threshold.severity");
  });

  test("findings filters and exports", async () => {
    const reachable = await api(server, "GET", `/v1/scans/${webScan.id}/findings?reachable=true`, { key: admin });
    expect(reachable.body.findings.map((f: any) => f.advisory_id)).toEqual(["RDTEST-2026-0001"]);
    const sarif = await api(server, "GET", `/v1/scans/${webScan.id}/findings?format=sarif`, { key: admin });
    expect(sarif.status).toBe(200);
    expect(sarif.body.version).toBe("2.1.0");
    expect(sarif.body.runs[0].results.length).toBe(5);
    const vex = await api(server, "GET", `/v1/scans/${webScan.id}/findings?format=openvex`, { key: admin });
    const statuses = vex.body.statements.map((s: any) => s.status);
    expect(statuses.filter((s: string) => s === "affected").length).toBe(1);
    expect(vex.body.statements.find((s: any) => s.status === "not_affected").justification).toBe("vulnerable_code_not_in_execute_path");
    expect((await api(server, "GET", `/v1/scans/${webScan.id}/findings?format=pdf`, { key: admin })).status).toBe(400);
  });

  test("verdicts: warning when only unreachable findings, pass when none", async () => {
    expect((await scan(repos["tests-only"]!)).verdict).toBe("warning");
    const passed = await scan(repos.clean!);
    expect(passed.verdict).toBe("pass");
    expect(passed.total_advisories).toBe(0);
    const findings = await api(server, "GET", `/v1/scans/${passed.id}/findings`, { key: admin });
    expect(findings.body).toEqual({ scan_id: passed.id, findings: [], total: 0 });
  });

  test("python: a __main__ entry reaches acme_yaml.load through a package module", async () => {
    const py = await scan(repos.pyapp!);
    expect(py.verdict).toBe("block");
    const res = await api(server, "GET", `/v1/scans/${py.id}/findings`, { key: admin });
    const [top, second] = res.body.findings;
    expect(top.package).toBe("acme-yaml");
    expect(top.ecosystem).toBe("PyPI");
    expect(top.reachable).toBe(true);
    const segments = top.call_path.split(" -> ");
    expect(segments[0]).toMatch(/^app\.py:/);
    expect(segments).toContain("service/loader.py:5");
    expect(segments[segments.length - 1]).toBe("acme_yaml.load");
    expect(second.package).toBe("acme-http");
    expect(second.reachable).toBe(false);
  });

  test("on-demand scans of the default branch, and a ref that does not exist fails", async () => {
    const res = await api(server, "POST", `/v1/repos/${repos.clean}/scans`, { key: admin });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "queued", repo_id: repos.clean });
    const done = await waitForScan(server, admin, res.body.id);
    expect(done.ref).toBe("main");
    expect(done.status).toBe("complete");

    const missing = await api(server, "POST", "/v1/scans", { key: admin, body: { repo_id: repos.clean, ref: "no-such-branch" } });
    const failed = await waitForScan(server, admin, missing.body.id);
    expect(failed.status).toBe("failed");
    expect(failed.error.code).toBe("ref_not_found");
    expect(failed.verdict).toBeNull();
    const early = await api(server, "GET", `/v1/scans/${failed.id}/findings`, { key: admin });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("scan_not_complete");
    expect((await api(server, "DELETE", `/v1/scans/${failed.id}`, { key: admin })).status).toBe(409);
  });

  test("refs that could be read as options, and empty refs, are refused", async () => {
    for (const ref of ["-c", "--upload-pack=x", "", "a..b"]) {
      const res = await api(server, "POST", "/v1/scans", { key: admin, body: { repo_id: repos.clean, ref } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    const unknownRepo = await api(server, "POST", "/v1/scans", { key: admin, body: { repo_id: "repo_nope", ref: "main" } });
    expect(unknownRepo.status).toBe(404);
  });

  test("another account's scans and repositories are 404", async () => {
    expect((await api(server, "GET", `/v1/scans/${webScan.id}`, { key: other })).status).toBe(404);
    expect((await api(server, "GET", `/v1/scans/${webScan.id}/findings`, { key: other })).status).toBe(404);
    expect((await api(server, "DELETE", `/v1/scans/${webScan.id}`, { key: other })).status).toBe(404);
    expect((await api(server, "GET", `/v1/repos/${repos.webapp}/scans`, { key: other })).status).toBe(404);
    expect((await api(server, "POST", `/v1/repos/${repos.webapp}/scans`, { key: other })).status).toBe(404);
    const res = await api(server, "POST", "/v1/scans", { key: other, body: { repo_id: repos.webapp, ref: "main" } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });
});

describe("scan history", () => {
  test("keyset pages, newest first, stable while new scans arrive, with the verdict filter", async () => {
    const repo = repos["tests-only"]!;
    for (let i = 0; i < 4; i++) await scan(repo);
    const first = await api(server, "GET", `/v1/repos/${repo}/scans?limit=2`, { key: readOnly });
    expect(first.status).toBe(200);
    expect(first.body.scans.length).toBe(2);
    expect(first.body.next_cursor).toBeString();
    // A new scan between pages must not shift the next page.
    await scan(repo);
    const seen = [...first.body.scans.map((s: any) => s.id)];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await api(server, "GET", `/v1/repos/${repo}/scans?limit=2&cursor=${encodeURIComponent(cursor)}`, { key: readOnly });
      expect(page.status).toBe(200);
      seen.push(...page.body.scans.map((s: any) => s.id));
      cursor = page.body.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect([...seen].sort().reverse()).toEqual(seen);

    const warnings = await api(server, "GET", `/v1/repos/${repo}/scans?verdict=warning&limit=100`, { key: admin });
    expect(warnings.body.scans.length).toBe(seen.length + 1);
    expect(warnings.body.scans.every((s: any) => s.verdict === "warning")).toBe(true);
    const blocks = await api(server, "GET", `/v1/repos/${repo}/scans?verdict=block`, { key: admin });
    expect(blocks.body).toEqual({ scans: [], next_cursor: null });
  });

  test("bad paging input is 400", async () => {
    const repo = repos.webapp!;
    for (const q of ["limit=0", "limit=101", "limit=abc", "verdict=maybe", "cursor=not-a-cursor", "cursor=djE6c2Nhbl8x"]) {
      const res = await api(server, "GET", `/v1/repos/${repo}/scans?${q}`, { key: admin });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
  });
});

describe("bad input and protocol details", () => {
  test("malformed JSON, wrong content type and oversized bodies", async () => {
    const malformed = await api(server, "POST", "/v1/scans", { key: admin, raw: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("validation_failed");
    const wrongType = await api(server, "POST", "/v1/scans", { key: admin, raw: "repo_id=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.error.code).toBe("unsupported_media_type");
    const huge = await api(server, "POST", "/v1/repos", { key: admin, raw: JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) }), headers: { "content-type": "application/json" } });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");
    const wrongShape = await api(server, "POST", "/v1/scans", { key: admin, body: [1, 2, 3] });
    expect(wrongShape.status).toBe(400);
    const nested = await api(server, "POST", "/v1/repos", { key: admin, raw: "[".repeat(100_000), headers: { "content-type": "application/json" } });
    expect(nested.status).toBe(400);
  });

  test("unknown routes are 404 with the error body; request ids are echoed", async () => {
    const res = await api(server, "GET", "/v1/nothing-here", { key: admin, headers: { "x-request-id": "client-123" } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(res.headers.get("x-request-id")).toBe("client-123");
    expect(res.body.request_id).toBe("client-123");
    const ok = await api(server, "GET", "/v1/repos", { key: admin, headers: { "x-request-id": "bad id with spaces" } });
    expect(ok.headers.get("x-request-id")).toMatch(/^req_/);
    expect(ok.headers.get("content-type")).toContain("application/json");
  });

  test("rate-limit headers are on every authenticated response", async () => {
    const res = await api(server, "GET", "/v1/repos", { key: admin });
    expect(Number(res.headers.get("x-ratelimit-limit"))).toBe(300);
    expect(Number(res.headers.get("x-ratelimit-remaining"))).toBeLessThan(300);
    expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  });

  test("the OpenAPI document describes the routes from the same schemas", async () => {
    const res = await api(server, "GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toStartWith("3.");
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(["/v1/repos", "/v1/scans", "/v1/scans/{id}", "/v1/scans/{id}/findings", "/v1/repos/{id}/scans"]),
    );
    const history = res.body.paths["/v1/repos/{id}/scans"].get;
    expect(history.parameters.find((p: any) => p.name === "limit").schema.maximum).toBe(100);
    expect(history["x-required-scope"]).toBe("repos:read");
  });
});
