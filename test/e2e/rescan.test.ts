// Re-scans of one repository through the real server: the scan job keeps the last scan's facts
// (src/scan/callgraph/incremental.ts) and a re-scan must still see every change of the code.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { api, cleanup, cli, startServer, tempDir, waitForScan, type Server } from "../support/server.ts";
import { commitFiles, makeRepo } from "../support/git.ts";
import { testsOnly } from "./projects.ts";

const ADVISORIES = resolve(import.meta.dir, "../fixtures/advisories/e2e");

let server: Server;
let roots: string;
let admin: string;

beforeAll(async () => {
  roots = tempDir("reachd-roots-");
  makeRepo(join(roots, "app"), testsOnly);
  const dataDir = tempDir("reachd-data-");
  admin = JSON.parse((await cli(["init", "--json"], { dataDir })).stdout).api_key;
  expect((await cli(["advisories", "import", ADVISORIES, "--json"], { dataDir })).code).toBe(0);
  server = await startServer({ dataDir, env: { REACHD_LOCAL_ROOTS: roots, REACHD_WORKERS: "1" } });
});

afterAll(async () => {
  await server?.stop();
  cleanup(roots, server?.dataDir ?? "");
});

async function reachable(repoId: string): Promise<boolean[]> {
  const res = await api(server, "POST", "/v1/scans", { key: admin, body: { repo_id: repoId, ref: "main" } });
  expect(res.status).toBe(201);
  const done = await waitForScan(server, admin, res.body.id);
  expect(done.status).toBe("complete");
  const findings = (await api(server, "GET", `/v1/scans/${done.id}/findings`, { key: admin })).body.findings as any[];
  const colors = findings.filter((f) => f.package === "acme-colors");
  expect(colors.length).toBeGreaterThan(0);
  return colors.map((f) => f.reachable as boolean);
}

test("a re-scan sees a new call, and its removal, in a file the previous scan kept", async () => {
  const dir = join(roots, "app");
  const repo = await api(server, "POST", "/v1/repos", { key: admin, body: { name: "acme/app", provider: "local", path: dir } });
  expect(repo.status).toBe(201);
  const id = repo.body.id as string;
  expect(await reachable(id)).not.toContain(true);
  commitFiles(dir, { "index.js": `module.exports = function hello() { return require("acme-colors").paint("hi"); };\n` }, "use colors");
  expect(await reachable(id)).toContain(true);
  commitFiles(dir, { "index.js": testsOnly["index.js"]! }, "back");
  expect(await reachable(id)).not.toContain(true);
}, 120_000);
