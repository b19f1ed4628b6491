// Per-repository entry settings through the real server: set at POST /v1/repos, changed with
// PATCH /v1/repos/{id}, shown in repo responses and applied by scan jobs on a real git repo.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { api, cleanup, cli, startServer, tempDir, waitForScan, type Server } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";
import { testsOnly } from "./projects.ts";

const ADVISORIES = resolve(import.meta.dir, "../fixtures/advisories/e2e");

let server: Server;
let roots: string;
let admin: string;
let readOnly: string;
let other: string;

async function scan(repoId: string) {
  const res = await api(server, "POST", "/v1/scans", { key: admin, body: { repo_id: repoId, ref: "main" } });
  expect(res.status).toBe(201);
  const done = await waitForScan(server, admin, res.body.id);
  expect(done.status).toBe("complete");
  const findings = await api(server, "GET", `/v1/scans/${done.id}/findings`, { key: admin });
  return { verdict: done.verdict as string, findings: findings.body.findings as any[] };
}

beforeAll(async () => {
  roots = tempDir("reachd-roots-");
  makeRepo(join(roots, "tests-only"), testsOnly);
  makeRepo(join(roots, "second"), testsOnly);
  const dataDir = tempDir("reachd-data-");
  const init = await cli(["init", "--json"], { dataDir });
  const made = JSON.parse(init.stdout);
  admin = made.api_key;
  expect((await cli(["advisories", "import", ADVISORIES, "--json"], { dataDir })).code).toBe(0);
  const ro = await cli(["keys", "create", "--account", made.account_id, "--scopes", "repos:read,scans:read", "--json"], { dataDir });
  readOnly = JSON.parse(ro.stdout).api_key;
  const acct2 = await cli(["accounts", "create", "--name", "other", "--plan", "pro", "--json"], { dataDir });
  const k2 = await cli(["keys", "create", "--account", JSON.parse(acct2.stdout).account_id, "--scopes", "admin", "--json"], { dataDir });
  other = JSON.parse(k2.stdout).api_key;
  server = await startServer({ dataDir, env: { REACHD_LOCAL_ROOTS: roots, REACHD_WORKERS: "1" } });
});

afterAll(async () => {
  await server?.stop();
  cleanup(roots, server?.dataDir ?? "");
});

describe("repository entry settings", () => {
  test("POST validates the globs: absolute, .., too many, too long, not strings", async () => {
    const path = join(roots, "second");
    const bad: [Record<string, unknown>, string][] = [
      [{ entry_points: ["/etc/passwd"] }, "entry_points[0]"],
      [{ exclude_paths: ["ok/**", "../up/**"] }, "exclude_paths[1]"],
      [{ entry_points: ["C:/x.js"] }, "entry_points[0]"],
      [{ entry_points: ["a\\b.js"] }, "entry_points[0]"],
    ];
    for (const [settings, field] of bad) {
      const res = await api(server, "POST", "/v1/repos", { key: admin, body: { name: "acme/second", provider: "local", path, ...settings } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.details[0].field).toBe(field);
    }
    for (const settings of [{ entry_points: Array(101).fill("a.js") }, { exclude_paths: ["x".repeat(301)] }, { entry_points: "a.js" }, { entry_points: [3] }]) {
      const res = await api(server, "POST", "/v1/repos", { key: admin, body: { name: "acme/second", provider: "local", path, ...settings } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    // Nothing was stored by the refused requests.
    const list = await api(server, "GET", "/v1/repos", { key: admin });
    expect(list.body.total).toBe(0);
  });

  test("settings given at POST are normalised, stored and shown", async () => {
    const res = await api(server, "POST", "/v1/repos", {
      key: admin,
      body: { name: "acme/second", provider: "local", path: join(roots, "second"), entry_points: ["./scripts/*.js", "scripts/*.js"], exclude_paths: ["vendor/"] },
    });
    expect(res.status).toBe(201);
    expect(res.body.entry_points).toEqual(["scripts/*.js"]);
    expect(res.body.exclude_paths).toEqual(["vendor/"]);
    const got = await api(server, "GET", `/v1/repos/${res.body.id}`, { key: readOnly });
    expect(got.body.entry_points).toEqual(["scripts/*.js"]);
    expect(got.body.exclude_paths).toEqual(["vendor/"]);
  });

  test("PATCH changes what scans treat as entry points and what they analyse", async () => {
    const made = await api(server, "POST", "/v1/repos", { key: admin, body: { name: "acme/tests-only", provider: "local", path: join(roots, "tests-only") } });
    expect(made.status).toBe(201);
    expect(made.body.entry_points).toEqual([]);
    expect(made.body.exclude_paths).toEqual([]);
    const id = made.body.id;

    // Default: the only use of acme-colors is in a test, which is not an entry point.
    const before = await scan(id);
    expect(before.verdict).toBe("warning");
    expect(before.findings.map((f) => f.reachable)).toEqual([false]);

    const patched = await api(server, "PATCH", `/v1/repos/${id}`, { key: admin, body: { entry_points: ["test/**/*.test.js"] } });
    expect(patched.status).toBe(200);
    expect(patched.body.entry_points).toEqual(["test/**/*.test.js"]);
    expect(patched.body.exclude_paths).toEqual([]);
    const after = await scan(id);
    expect(after.verdict).toBe("block");
    expect(after.findings[0].package).toBe("acme-colors");
    expect(after.findings[0].call_path).toBe("test/index.test.js:entry -> test/index.test.js:1 -> acme-colors.paint");

    // Excluding the test folder drops its code from analysis, even though it is named as an entry.
    const excluded = await api(server, "PATCH", `/v1/repos/${id}`, { key: admin, body: { exclude_paths: ["test"] } });
    expect(excluded.body).toMatchObject({ entry_points: ["test/**/*.test.js"], exclude_paths: ["test"] });
    const last = await scan(id);
    expect(last.verdict).toBe("warning");
    expect(last.findings[0].reachability.level).toBe("none");
    expect(last.findings[0].reachability.reason).toContain("not imported");
  });

  test("PATCH: scope repos:write, other accounts' repos are not found, bad globs refused", async () => {
    const list = await api(server, "GET", "/v1/repos", { key: admin });
    const id = list.body.repos[0].id;
    const ro = await api(server, "PATCH", `/v1/repos/${id}`, { key: readOnly, body: { entry_points: [] } });
    expect(ro.status).toBe(403);
    expect(ro.body.error.code).toBe("insufficient_scope");
    const foreign = await api(server, "PATCH", `/v1/repos/${id}`, { key: other, body: { entry_points: [] } });
    expect(foreign.status).toBe(404);
    const bad = await api(server, "PATCH", `/v1/repos/${id}`, { key: admin, body: { exclude_paths: ["a/../../b"] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toEqual({ field: "exclude_paths[0]", issue: "must not contain .." });
    const unchanged = await api(server, "GET", `/v1/repos/${id}`, { key: admin });
    expect(unchanged.body.exclude_paths).not.toContain("a/../../b");
    const empty = await api(server, "PATCH", `/v1/repos/${id}`, { key: admin, body: { entry_points: [], exclude_paths: [] } });
    expect(empty.body).toMatchObject({ entry_points: [], exclude_paths: [] });
  });

  test("the OpenAPI document describes PATCH /v1/repos/{id}", async () => {
    const doc = await api(server, "GET", "/v1/openapi.json");
    const paths = doc.body?.paths ?? {};
    const key = Object.keys(paths).find((p) => /^\/v1\/repos\/(\{id\}|:id)$/.test(p));
    expect(key).toBeDefined();
    expect(paths[key!].patch).toBeDefined();
  });
});
