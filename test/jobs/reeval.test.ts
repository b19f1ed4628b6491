// Re-evaluation jobs on a real store: a real scan of a real git repository (the scan job handler,
// local provider) keeps a snapshot; imports then re-match it without the checkout.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { rmSync } from "node:fs";
import { openStore, type Store } from "../../src/store/database.ts";
import { createAccount } from "../../src/accounts/service.ts";
import { createScan } from "../../src/api/scans/service.ts";
import { claimNext } from "../../src/jobs/queue.ts";
import { scanHandler } from "../../src/jobs/handlers/scan.ts";
import { queueReevaluation, recoverReevaluation, runQueuedReevaluations } from "../../src/jobs/reeval.ts";
import { importAdvisories } from "../../src/scan/advisories/import.ts";
import { evaluateSnapshot } from "../../src/scan/pipeline.ts";
import { decodeSnapshot, SNAPSHOT_FORMAT } from "../../src/scan/snapshot.ts";
import { loadConfig } from "../../src/config.ts";
import { silentLogger } from "../../src/log.ts";
import { isoNow } from "../../src/time.ts";
import { bytesOf } from "../advisories/helpers.ts";
import { insertRepo } from "../support/repos.ts";
import { makeRepo } from "../support/git.ts";
import { cleanup, tempDir } from "../support/server.ts";
import { webapp } from "../e2e/projects.ts";

const ADVISORIES = resolve(import.meta.dir, "../fixtures/advisories/e2e");
let dir: string;
let roots: string;
let store: Store;
let repoId: string;
let baseId: string;

const newAdvisory = (id: string, pkg: string, extra: Record<string, unknown> = {}) =>
  bytesOf({
    id,
    modified: "2026-05-01T00:00:00Z",
    summary: "new",
    affected: [{ package: { ecosystem: "npm", name: pkg }, ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0" }, { fixed: "9.0.0" }] }] }],
    ...extra,
  });

const scansOf = () => store.db.selectFrom("scans").selectAll().where("repo_id", "=", repoId).orderBy("id").execute();

beforeEach(async () => {
  dir = tempDir("reachd-reeval-");
  roots = tempDir("reachd-reeval-roots-");
  store = await openStore(dir);
  expect((await importAdvisories(store.db, { path: ADVISORIES }, { source: "fixtures" })).errors).toBe(0);
  makeRepo(join(roots, "webapp"), webapp);
  const accountId = (await createAccount(store.db, { name: "t", plan: "team" })).id;
  repoId = await insertRepo(store.db, accountId, "a/webapp", { checkout: join(roots, "webapp"), roots });
  baseId = (await createScan(store.db, accountId, { repoId, ref: "main", threshold: undefined, trigger: "api" })).id;
  const config = loadConfig({ dataDir: dir }, { REACHD_LOCAL_ROOTS: roots });
  const claimed = await claimNext(store.db);
  await scanHandler({ db: store.db, config, secretKey: new Uint8Array(32), log: silentLogger })(claimed!, new AbortController().signal);
  const [done] = await scansOf();
  expect(`${done!.status} ${done!.error_message ?? ""}`).toBe("complete ");
  rmSync(join(roots, "webapp"), { recursive: true, force: true }); // nothing below may need the checkout
});

afterEach(async () => {
  await store.close();
  cleanup(dir, roots);
});

test("a complete scan keeps a snapshot from which the same findings are computed again", async () => {
  const row = await store.db.selectFrom("scan_snapshots").selectAll().where("scan_id", "=", baseId).executeTakeFirstOrThrow();
  expect(row.format).toBe(SNAPSHOT_FORMAT);
  expect(row.bytes).toBe(row.data.length);
  const decoded = decodeSnapshot(row.format, row.data);
  if (!decoded.ok) throw new Error(decoded.reason);
  expect(decoded.snapshot.dependencies.map((d) => d.name).sort()).toEqual(["acme-colors", "acme-deep", "acme-parse", "acme-template"]);
  const report = await evaluateSnapshot(store.db, decoded.snapshot, { severity: "low", reachable_only: false });
  const stored = await store.db.selectFrom("findings").selectAll().where("scan_id", "=", baseId).execute();
  const key = (a: string, level: string, paths: string) => `${a} ${level} ${paths}`;
  expect(report.findings.map((f) => key(f.view.advisory_id, f.view.reachability.level, JSON.stringify(f.view.call_paths))).sort()).toEqual(
    stored.map((f) => key(f.advisory_id, f.level, f.call_paths)).sort(),
  );
  expect(stored.length).toBeGreaterThan(0);
  // Nothing changed since the scan: the job ends without a new scan.
  expect(await queueReevaluation(store.db, "test")).toBe(1);
  expect(await runQueuedReevaluations(store.db, silentLogger)).toMatchObject({ jobs: 1, unchanged: 1, created: 0 });
  expect(await scansOf()).toHaveLength(1);
  const job = await store.db.selectFrom("reeval_jobs").selectAll().executeTakeFirstOrThrow();
  expect(job).toMatchObject({ status: "done", outcome: "unchanged", scan_id: null });
});

test("a new advisory gives an advisory_update scan; the next import builds on that scan's snapshot", async () => {
  await importAdvisories(store.db, { name: "n.json", bytes: newAdvisory("RDTEST-NEW-1", "acme-parse") }, { source: "t" });
  await queueReevaluation(store.db, "import");
  expect(await runQueuedReevaluations(store.db, silentLogger)).toMatchObject({ jobs: 1, created: 1 });
  const [base, update] = await scansOf();
  expect(update).toMatchObject({ trigger: "advisory_update", status: "complete", commit_sha: base!.commit_sha, ref: "main", total_advisories: base!.total_advisories! + 1 });
  expect(JSON.parse(update!.stats!).reevaluated_from).toBe(base!.id);
  const added = await store.db.selectFrom("findings").selectAll().where("scan_id", "=", update!.id).where("advisory_id", "=", "RDTEST-NEW-1").executeTakeFirstOrThrow();
  expect(added).toMatchObject({ package: "acme-parse", version: "2.0.0", fix_version: "9.0.0" });
  // acme-parse is used only by src/unused.js (no entry point reaches it) and by a test.
  expect(added.level).toBe("none");
  expect(await store.db.selectFrom("scan_snapshots").select("scan_id").where("scan_id", "=", update!.id).executeTakeFirst()).toBeDefined();

  await queueReevaluation(store.db, "again");
  expect(await runQueuedReevaluations(store.db, silentLogger)).toMatchObject({ jobs: 1, unchanged: 1 });
  await importAdvisories(store.db, { name: "w.json", bytes: newAdvisory("RDTEST-NEW-1", "acme-parse", { modified: "2026-06-01T00:00:00Z", withdrawn: "2026-06-01T00:00:00Z" }) }, { source: "t" });
  await queueReevaluation(store.db, "withdrawn");
  expect(await runQueuedReevaluations(store.db, silentLogger)).toMatchObject({ created: 1 });
  const all = await scansOf();
  expect(all).toHaveLength(3);
  expect(all[2]!.total_advisories).toBe(base!.total_advisories);
});

test("a repository whose scan kept no snapshot, or one of another format, is skipped with its reason", async () => {
  await importAdvisories(store.db, { name: "n.json", bytes: newAdvisory("RDTEST-NEW-2", "acme-template") }, { source: "t" });
  await store.db.updateTable("scan_snapshots").set({ format: SNAPSHOT_FORMAT + 1 }).execute();
  await queueReevaluation(store.db, "format");
  expect(await runQueuedReevaluations(store.db, silentLogger)).toMatchObject({ skipped: 1, created: 0 });
  let job = await store.db.selectFrom("reeval_jobs").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  expect(job.outcome).toContain(`format ${SNAPSHOT_FORMAT + 1}`);

  await store.db.deleteFrom("scan_snapshots").execute();
  await queueReevaluation(store.db, "missing");
  expect(await runQueuedReevaluations(store.db, silentLogger)).toMatchObject({ skipped: 1 });
  job = await store.db.selectFrom("reeval_jobs").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  expect(job.outcome).toContain("kept no snapshot");
  expect(await scansOf()).toHaveLength(1);
});

test("jobs are durable: one pending job per repository, and a job a dead process left running runs again", async () => {
  await importAdvisories(store.db, { name: "n.json", bytes: newAdvisory("RDTEST-NEW-3", "acme-template") }, { source: "t" });
  expect(await queueReevaluation(store.db, "one")).toBe(1);
  expect(await queueReevaluation(store.db, "two")).toBe(0);
  await store.db.updateTable("reeval_jobs").set({ status: "running", attempts: 1 }).execute();
  expect(await runQueuedReevaluations(store.db, silentLogger)).toMatchObject({ jobs: 0 });
  await recoverReevaluation(store.db);
  expect(await runQueuedReevaluations(store.db, silentLogger)).toMatchObject({ jobs: 1, created: 1 });
  const job = await store.db.selectFrom("reeval_jobs").selectAll().executeTakeFirstOrThrow();
  expect(job.attempts).toBe(2);
  expect(job.outcome).toBe(`created ${job.scan_id}`);
});

test("recovery at start: per repository the oldest running job is requeued unless one is queued; the rest are superseded or failed", async () => {
  const accountId = (await store.db.selectFrom("repos").select("account_id").where("id", "=", repoId).executeTakeFirstOrThrow()).account_id;
  const repos = [repoId];
  for (const name of ["b", "c", "d"]) {
    repos.push(await insertRepo(store.db, accountId, `a/${name}`, { path: "/nowhere" }));
  }
  const [a, b, c, d] = repos as [string, string, string, string];
  const jobs: [string, string, number][] = [
    [a, "running", 1], // a: two running, none queued → the older is requeued, the newer superseded
    [a, "running", 1],
    [b, "running", 1], // b: a queued job exists → the running one is superseded
    [b, "queued", 0],
    [c, "running", 3], // c: out of attempts → failed
    [d, "done", 1], // d: finished jobs are left alone
  ];
  const ids: number[] = [];
  for (const [repo_id, status, attempts] of jobs) {
    const row = await store.db.insertInto("reeval_jobs").values({ repo_id, status, attempts, reason: "t", created_at: isoNow() }).returning("id").executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  await recoverReevaluation(store.db);
  const after = await store.db.selectFrom("reeval_jobs").select(["id", "status", "outcome"]).orderBy("id").execute();
  expect(after.map((j) => `${ids.indexOf(j.id)} ${j.status} ${j.outcome ?? ""}`)).toEqual([
    "0 queued ",
    "1 done superseded by a newer job",
    "2 done superseded by a newer job",
    "3 queued ",
    "4 done failed: interrupted 3 times",
    "5 done ",
  ]);
});
