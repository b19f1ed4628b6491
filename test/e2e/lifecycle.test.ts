// Rate limits, SIGTERM and crash recovery, each against its own real server process.
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { api, cleanup, cli, startServer, tempDir, waitForScan } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";
import { clean } from "./projects.ts";

const dirs: string[] = [];
afterAll(() => cleanup(...dirs));

async function setup(env: Record<string, string> = {}) {
  const dataDir = tempDir("reachd-life-");
  const roots = tempDir("reachd-life-roots-");
  dirs.push(dataDir, roots);
  const init = JSON.parse((await cli(["init", "--json"], { dataDir })).stdout);
  const server = await startServer({ dataDir, env: { REACHD_LOCAL_ROOTS: roots, ...env } });
  return { server, dataDir, roots, accountId: init.account_id as string, key: init.api_key as string };
}

test("per-key limit: 429 with Retry-After once the bucket is empty", async () => {
  const { server, key } = await setup({ REACHD_RATE_LIMIT_PER_KEY: "5" });
  try {
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api(server, "GET", "/v1/repos", { key });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBe("5");
      remaining.push(Number(res.headers.get("x-ratelimit-remaining")));
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const limited = await api(server, "GET", "/v1/repos", { key });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(limited.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
  } finally {
    await server.stop();
  }
});

test("per-plan limit spans all keys of an account, and other accounts are unaffected", async () => {
  const { server, dataDir, accountId, key } = await setup({ REACHD_RATE_LIMIT_TEAM: "4" });
  try {
    const second = JSON.parse((await cli(["keys", "create", "--account", accountId, "--scopes", "repos:read", "--json"], { dataDir })).stdout).api_key;
    const acct2 = JSON.parse((await cli(["accounts", "create", "--name", "b", "--plan", "pro", "--json"], { dataDir })).stdout).account_id;
    const theirs = JSON.parse((await cli(["keys", "create", "--account", acct2, "--scopes", "repos:read", "--json"], { dataDir })).stdout).api_key;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await api(server, "GET", "/v1/repos", { key: i % 2 ? second : key })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const ok = await api(server, "GET", "/v1/repos", { key: theirs });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-ratelimit-limit")).toBe("100");
  } finally {
    await server.stop();
  }
});

test("SIGTERM stops the service cleanly", async () => {
  const { server } = await setup();
  expect((await api(server, "GET", "/v1/health")).status).toBe(200);
  const code = await server.stop("SIGTERM");
  expect(code).toBe(0);
  expect(server.logs()).toContain('"msg":"draining"');
  expect(server.logs()).toContain('"msg":"stopped"');
});

test("a scan left running by a killed process is queued again at start and completes", async () => {
  const { server, dataDir, roots, key } = await setup();
  makeRepo(join(roots, "clean"), clean);
  const repo = await api(server, "POST", "/v1/repos", { key, body: { name: "a/clean", provider: "local", path: join(roots, "clean") } });
  const scan = await api(server, "POST", `/v1/repos/${repo.body.id}/scans`, { key });
  await waitForScan(server, key, scan.body.id);
  await server.stop("SIGKILL");

  // What a crash mid-scan leaves behind.
  const db = new Database(join(dataDir, "reachd.db"));
  db.run("UPDATE scans SET status = 'running', verdict = NULL, completed_at = NULL, attempts = 1 WHERE id = ?", [scan.body.id]);
  db.run("DELETE FROM findings WHERE scan_id = ?", [scan.body.id]);
  db.close();

  const again = await startServer({ dataDir, env: { REACHD_LOCAL_ROOTS: roots } });
  try {
    const done = await waitForScan(again, key, scan.body.id);
    expect(done.status).toBe("complete");
    expect(done.verdict).toBe("pass");
    expect(again.logs()).toContain("recovered interrupted scans");
  } finally {
    await again.stop();
  }
});
