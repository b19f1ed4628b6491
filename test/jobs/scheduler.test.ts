// The durable queue and its workers on a real SQLite file, with handlers that block until told,
// so cancel, timeout, crash recovery and drain are tested without timing luck.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { openStore, type Store } from "../../src/store/database.ts";
import { createAccount } from "../../src/accounts/service.ts";
import { createScan } from "../../src/api/scans/service.ts";
import { Scheduler, type ScanHandler } from "../../src/jobs/scheduler.ts";
import { finishRunning } from "../../src/jobs/queue.ts";
import { deadlineCheck } from "../../src/scan/deadline.ts";
import { silentLogger } from "../../src/log.ts";
import { isoNow } from "../../src/time.ts";
import { cleanup, tempDir } from "../support/server.ts";
import { insertRepo } from "../support/repos.ts";

let dir: string;
let store: Store;
let accountId: string;
let repoId: string;

beforeEach(async () => {
  dir = tempDir();
  store = await openStore(dir);
  accountId = (await createAccount(store.db, { name: "t", plan: "team" })).id;
  repoId = await insertRepo(store.db, accountId, "a/b", { path: "/x" });
});

afterEach(async () => {
  await store.close();
  cleanup(dir);
});

const newScan = () => createScan(store.db, accountId, { repoId, ref: "main", threshold: undefined, trigger: "api" });
const statusOf = async (id: string) => (await store.db.selectFrom("scans").selectAll().where("id", "=", id).executeTakeFirstOrThrow());

/** A handler whose scans wait until released or aborted. */
function gate() {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const handler: ScanHandler = (scan, signal) =>
    new Promise<void>((resolve, reject) => {
      started.push(scan.id);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      releases.set(scan.id, () => {
        void finishRunning(store.db, scan.id, { status: "complete", verdict: "pass", completed_at: isoNow() }).then(() => resolve());
      });
    });
  return { handler, started, release: (id: string) => releases.get(id)?.() };
}

const until = async (cond: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await Bun.sleep(10);
  }
};

test("runs at most `workers` scans at once, oldest first", async () => {
  const g = gate();
  const s = new Scheduler({ db: store.db, log: silentLogger, workers: 2, scanTimeoutMs: 60_000, maxAttempts: 3, handler: g.handler });
  const a = await newScan();
  const b = await newScan();
  const c = await newScan();
  await s.start();
  await until(() => g.started.length === 2);
  expect(g.started).toEqual([a.id, b.id]);
  expect((await statusOf(c.id)).status).toBe("queued");
  g.release(a.id);
  await until(() => g.started.length === 3);
  expect(g.started[2]).toBe(c.id);
  g.release(b.id);
  g.release(c.id);
  await until(async () => (await statusOf(c.id)).status === "complete");
  expect(s.active).toBe(0);
});

test("cancel: a queued scan never starts; a running one is aborted; both end canceled", async () => {
  const g = gate();
  const s = new Scheduler({ db: store.db, log: silentLogger, workers: 1, scanTimeoutMs: 60_000, maxAttempts: 3, handler: g.handler });
  const running = await newScan();
  const queued = await newScan();
  await s.start();
  await until(() => g.started.length === 1);
  await s.cancel(queued.id);
  expect((await statusOf(queued.id)).status).toBe("canceled");
  await s.cancel(running.id);
  const row = await statusOf(running.id);
  expect(row.status).toBe("canceled");
  expect(row.completed_at).not.toBeNull();
  await Bun.sleep(50);
  expect(g.started).toEqual([running.id]);
});

/** Runs one scan with `handler` under a 50 ms limit and expects it failed with the timeout code. */
async function expectTimeout(handler: ScanHandler): Promise<void> {
  const s = new Scheduler({ db: store.db, log: silentLogger, workers: 1, scanTimeoutMs: 50, maxAttempts: 3, handler });
  const scan = await newScan();
  await s.start();
  await until(async () => (await statusOf(scan.id)).status === "failed");
  const row = await statusOf(scan.id);
  expect(row.error_code).toBe("timeout");
  expect(row.error_message).toContain("time limit");
}

test("a scan over its time limit fails with the timeout code", async () => {
  await expectTimeout(gate().handler);
});

test("work that holds the thread past the limit fails with the timeout code when it checks its deadline", async () => {
  // Call-graph assembly is synchronous: the scheduler's timer cannot fire while it runs, so it
  // checks the deadline the scheduler registered with the signal (scan/deadline.ts).
  const handler: ScanHandler = async (_scan, signal) => {
    const check = deadlineCheck(signal);
    expect(check).not.toBeNull();
    const end = performance.now() + 200;
    while (performance.now() < end) check!();
  };
  await expectTimeout(handler);
});

test("a handler that throws marks the scan failed with a safe message", async () => {
  const s = new Scheduler({
    db: store.db,
    log: silentLogger,
    workers: 1,
    scanTimeoutMs: 60_000,
    maxAttempts: 3,
    handler: async () => {
      throw new Error("SELECT secret FROM /var/lib/x");
    },
  });
  const scan = await newScan();
  await s.start();
  await until(async () => (await statusOf(scan.id)).status === "failed");
  const row = await statusOf(scan.id);
  expect(row.error_code).toBe("internal");
  expect(row.error_message).not.toContain("/var/lib");
});

test("crash recovery: running scans are queued again, and fail after 3 attempts", async () => {
  const again = await newScan();
  const poisoned = await newScan();
  await store.db.updateTable("scans").set({ status: "running", attempts: 1, started_at: isoNow() }).where("id", "=", again.id).execute();
  await store.db.updateTable("scans").set({ status: "running", attempts: 3, started_at: isoNow() }).where("id", "=", poisoned.id).execute();
  const g = gate();
  const s = new Scheduler({ db: store.db, log: silentLogger, workers: 1, scanTimeoutMs: 60_000, maxAttempts: 3, handler: g.handler });
  await s.start();
  await until(() => g.started.length === 1);
  expect(g.started).toEqual([again.id]);
  expect((await statusOf(again.id)).attempts).toBe(2);
  const failed = await statusOf(poisoned.id);
  expect(failed.status).toBe("failed");
  expect(failed.error_code).toBe("interrupted");
  g.release(again.id);
  await until(async () => (await statusOf(again.id)).status === "complete");
});

test("drain: nothing new starts; a scan still running after the grace period goes back to the queue", async () => {
  const g = gate();
  const s = new Scheduler({ db: store.db, log: silentLogger, workers: 1, scanTimeoutMs: 60_000, maxAttempts: 3, handler: g.handler });
  const running = await newScan();
  await s.start();
  await until(() => g.started.length === 1);
  await s.drain(50);
  expect(s.accepting()).toBe(false);
  const row = await statusOf(running.id);
  expect(row.status).toBe("queued");
  expect(row.attempts).toBe(0);
  const later = await newScan();
  s.notify();
  await Bun.sleep(50);
  expect((await statusOf(later.id)).status).toBe("queued");
});

test("drain: a scan that finishes within the grace period completes", async () => {
  const g = gate();
  const s = new Scheduler({ db: store.db, log: silentLogger, workers: 1, scanTimeoutMs: 60_000, maxAttempts: 3, handler: g.handler });
  const scan = await newScan();
  await s.start();
  await until(() => g.started.length === 1);
  const drained = s.drain(5_000);
  g.release(scan.id);
  await drained;
  expect((await statusOf(scan.id)).status).toBe("complete");
});
