// Re-evaluation through the real server: a repository is scanned once, then advisories uploaded
// over the API re-match its stored snapshot (no new clone) into `advisory_update` scans in history.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { rmSync } from "node:fs";
import { api, cleanup, cli, startServer, tempDir, waitForScan, type Server } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";
import { webapp } from "./projects.ts";

const ADVISORIES = resolve(import.meta.dir, "../fixtures/advisories/e2e");
let server: Server;
let roots: string;
let admin: string;
let repoId: string;
let base: any;

const record = (id: string, pkg: string, modified: string, extra: Record<string, unknown> = {}) => ({
  id,
  modified,
  aliases: ["CVE-2099-7001"],
  summary: `Re-evaluation test advisory for ${pkg}`,
  database_specific: { severity: "HIGH" },
  affected: [
    {
      package: { ecosystem: "npm", name: pkg },
      // Two intervals in one list: the installed 1.2.0 sits in the second, fixed at 1.2.7.
      ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0" }, { fixed: "1.1.0" }, { introduced: "1.2.0" }, { fixed: "1.2.7" }] }],
      ecosystem_specific: { imports: [{ path: pkg, symbols: ["compile"] }] },
    },
  ],
  ...extra,
});

const upload = async (value: unknown) => {
  const res = await api(server, "POST", "/v1/advisories/import?name=reeval.json", { key: admin, raw: JSON.stringify(value), headers: { "content-type": "application/json" } });
  expect(res.status).toBe(200);
  return res.body;
};

const history = async () => (await api(server, "GET", `/v1/repos/${repoId}/scans`, { key: admin })).body.scans as any[];

async function waitForHistory(count: number): Promise<any[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const scans = await history();
    if (scans.length >= count) return scans;
    if (Date.now() > deadline) throw new Error(`history still has ${scans.length} scans:\n${server.logs()}`);
    await Bun.sleep(100);
  }
}

beforeAll(async () => {
  roots = tempDir("reachd-reeval-roots-");
  makeRepo(join(roots, "webapp"), webapp);
  const dataDir = tempDir("reachd-reeval-data-");
  admin = JSON.parse((await cli(["init", "--json"], { dataDir })).stdout).api_key;
  expect((await cli(["advisories", "import", ADVISORIES, "--json"], { dataDir })).code).toBe(0);
  server = await startServer({ dataDir, env: { REACHD_LOCAL_ROOTS: roots } });
  const repo = await api(server, "POST", "/v1/repos", { key: admin, body: { name: "acme/webapp", provider: "local", path: join(roots, "webapp") } });
  expect(repo.status).toBe(201);
  repoId = repo.body.id;
  const created = await api(server, "POST", "/v1/scans", { key: admin, body: { repo_id: repoId, ref: "main" } });
  base = await waitForScan(server, admin, created.body.id);
  expect(base.status).toBe("complete");
  // Re-evaluation must not need the checkout: the repository is gone from disk from here on.
  rmSync(join(roots, "webapp"), { recursive: true, force: true });
});

afterAll(async () => {
  await server?.stop();
  cleanup(roots, server?.dataDir ?? "");
});

test("an advisory that changes nothing for the repository adds no scan; a relevant one adds an advisory_update scan with its call path", async () => {
  const unrelated = await upload(record("RDTEST-REEVAL-0000", "acme-unused-elsewhere", "2026-03-01T00:00:00Z"));
  expect(unrelated.inserted).toBe(1);
  expect(unrelated.reevaluation.queued).toBe(1);

  const relevant = await upload(record("RDTEST-REEVAL-0001", "acme-template", "2026-03-01T00:00:00Z"));
  expect(relevant.reevaluation.queued).toBe(1);
  // Jobs run in order, so once the second one shows, the first has finished without a scan.
  const scans = await waitForHistory(2);
  expect(scans).toHaveLength(2);
  const update = scans[0];
  expect(update.id).not.toBe(base.id);
  expect(update.trigger).toBe("advisory_update");
  expect(update.status).toBe("complete");
  expect(update.commit_sha).toBe(base.commit_sha);
  expect(update.ref).toBe(base.ref);
  expect(update.total_advisories).toBe(base.total_advisories + 1);
  expect(update.reachable_count).toBe(base.reachable_count + 1);
  expect(update.verdict).toBe("block");
  expect(scans[1].id).toBe(base.id);

  const findings = (await api(server, "GET", `/v1/scans/${update.id}/findings`, { key: admin })).body.findings as any[];
  const added = findings.find((f) => f.advisory_id === "RDTEST-REEVAL-0001");
  expect(added).toMatchObject({ package: "acme-template", version: "1.2.0", fix_version: "1.2.7", severity: "high", reachable: true, cve_id: "CVE-2099-7001" });
  expect(added.reachability.level).toBe("function");
  expect(added.call_path).toBe("src/server.js:main -> src/server.js:7 -> src/server.js:4 -> src/routes/report.js:4 -> acme-template.compile");
  // The earlier findings are all still there, unchanged in substance.
  const before = (await api(server, "GET", `/v1/scans/${base.id}/findings`, { key: admin })).body.findings as any[];
  const key = (f: any) => `${f.advisory_id} ${f.package} ${f.version} ${f.reachability.level} ${f.call_path}`;
  expect(findings.filter((f) => f.advisory_id !== "RDTEST-REEVAL-0001").map(key).sort()).toEqual(before.map(key).sort());
});

test("withdrawing the advisory records another advisory_update scan without its finding", async () => {
  const res = await upload(record("RDTEST-REEVAL-0001", "acme-template", "2026-04-01T00:00:00Z", { withdrawn: "2026-04-01T00:00:00Z" }));
  expect(res.withdrawn).toBe(1);
  const scans = await waitForHistory(3);
  expect(scans[0].trigger).toBe("advisory_update");
  expect(scans[0].total_advisories).toBe(base.total_advisories);
  expect(scans[0].verdict).toBe(base.verdict);
  const findings = (await api(server, "GET", `/v1/scans/${scans[0].id}/findings`, { key: admin })).body.findings as any[];
  expect(findings.map((f) => f.advisory_id)).not.toContain("RDTEST-REEVAL-0001");
});
