// Re-evaluation through the real server: a repository is scanned once, then advisories uploaded
// over the API re-match its stored snapshot (no new clone) into `advisory_update` scans in history.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { rmSync } from "node:fs";
import { Database } from "bun:sqlite";
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

test("legacy Node.js security-wg records upload over the same endpoint and are re-evaluated like OSV ones", async () => {
  const legacy = (id: number, module_name: string, vulnerable_versions: string, patched_versions: string) => ({
    id,
    created_at: "2026-05-01",
    updated_at: "2026-05-02",
    title: `Legacy advisory ${id}`,
    module_name,
    publish_date: "2026-05-01",
    cves: [],
    vulnerable_versions,
    patched_versions,
    overview: "x",
    recommendation: "upgrade",
    references: [],
    cvss_vector: "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    cvss_score: 5.3,
  });
  // The security-wg index.json shape: records keyed by id.
  const res = await upload({ "90001": legacy(90001, "acme-template", "<1.1.0 || >=1.2.0 <1.2.1", ">=1.1.0 <1.2.0 || >=1.2.1"), "90002": legacy(90002, "acme-absent", "*", "<0.0.0") });
  expect(res).toMatchObject({ records: 2, inserted: 2, errors: 0, reevaluation: { queued: 1 } });
  const scans = await waitForHistory(4);
  expect(scans[0].trigger).toBe("advisory_update");
  const findings = (await api(server, "GET", `/v1/scans/${scans[0].id}/findings`, { key: admin })).body.findings as any[];
  expect(findings.find((f) => f.advisory_id === "NSWG-ECO-90001")).toMatchObject({ package: "acme-template", version: "1.2.0", fix_version: "1.2.1", severity: "medium", cvss_score: 5.3, reachable: true });
});

test("`reachd advisories import` beside a running server re-evaluates too", async () => {
  const dir = tempDir("reachd-reeval-cli-");
  try {
    const file = join(dir, "one.json");
    await Bun.write(file, JSON.stringify(record("RDTEST-REEVAL-0003", "acme-template", "2026-05-01T00:00:00Z")));
    const res = await cli(["advisories", "import", file, "--json"], { dataDir: server.dataDir });
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout);
    expect(out).toMatchObject({ inserted: 1, reevaluation: { queued: 1, jobs: 1, created: 1 } });
    const scans = await waitForHistory(5);
    expect(scans[0].trigger).toBe("advisory_update");
    const findings = (await api(server, "GET", `/v1/scans/${scans[0].id}/findings`, { key: admin })).body.findings as any[];
    expect(findings.map((f) => f.advisory_id)).toContain("RDTEST-REEVAL-0003");
  } finally {
    cleanup(dir);
  }
});

test("a job queued while the service was down runs when it starts", async () => {
  const before = await history();
  await server.stop();
  // What an import whose process died before running its job leaves: a queued job, and stored
  // findings that differ from what the advisories give now (one finding row lost here).
  const db = new Database(join(server.dataDir, "reachd.db"));
  db.run("DELETE FROM findings WHERE id = (SELECT id FROM findings WHERE scan_id = ? LIMIT 1)", [before[0].id]);
  db.run("INSERT INTO reeval_jobs (repo_id, status, reason, attempts, created_at) VALUES (?, 'queued', 'test', 0, '2026-01-01T00:00:00Z')", [repoId]);
  db.close();
  server = await startServer({ dataDir: server.dataDir, env: { REACHD_LOCAL_ROOTS: roots } });
  const scans = await waitForHistory(before.length + 1);
  expect(scans[0]).toMatchObject({ trigger: "advisory_update", total_advisories: before[0].total_advisories, verdict: before[0].verdict });
});
