// Scan jobs of one repository, one after the other, keep state between them: the checkout
// (updated in place: jobs/checkouts.ts), the facts (incremental.ts) and the blob ids they were
// made from. A re-scan must still report exactly what a scan with no kept state reports.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { openStore, type Store } from "../../src/store/database.ts";
import { createAccount } from "../../src/accounts/service.ts";
import { createScan } from "../../src/api/scans/service.ts";
import { claimNext } from "../../src/jobs/queue.ts";
import { scanHandler } from "../../src/jobs/handlers/scan.ts";
import { KeptCheckouts, removeKeptWorkspaces } from "../../src/jobs/checkouts.ts";
import { importAdvisories } from "../../src/scan/advisories/import.ts";
import { loadConfig, type Config } from "../../src/config.ts";
import { silentLogger } from "../../src/log.ts";
import { insertRepo } from "../support/repos.ts";
import { commitFiles, makeRepo } from "../support/git.ts";
import { cleanup, tempDir } from "../support/server.ts";
import { webapp } from "../e2e/projects.ts";

const ADVISORIES = resolve(import.meta.dir, "../fixtures/advisories/e2e");
let dir: string;
let roots: string;
let store: Store;
let config: Config;
let accountId: string;
let repoId: string;

beforeEach(async () => {
  dir = tempDir("reachd-rescan-");
  roots = tempDir("reachd-rescan-roots-");
  store = await openStore(dir);
  expect((await importAdvisories(store.db, { path: ADVISORIES }, { source: "fixtures" })).errors).toBe(0);
  makeRepo(join(roots, "webapp"), webapp);
  accountId = (await createAccount(store.db, { name: "t", plan: "team" })).id;
  repoId = await insertRepo(store.db, accountId, "a/webapp", { checkout: join(roots, "webapp"), roots });
  config = loadConfig({ dataDir: dir }, { REACHD_LOCAL_ROOTS: roots });
});

afterEach(async () => {
  await store.close();
  cleanup(dir, roots);
});

type Handler = ReturnType<typeof scanHandler>;

/** One scan job through `handler`; its findings as comparable strings. */
async function scanWith(handler: Handler): Promise<string[]> {
  const scan = await createScan(store.db, accountId, { repoId, ref: "main", threshold: undefined, trigger: "api" });
  const claimed = await claimNext(store.db);
  expect(claimed?.id).toBe(scan.id);
  await handler(claimed!, new AbortController().signal);
  const done = await store.db.selectFrom("scans").selectAll().where("id", "=", scan.id).executeTakeFirstOrThrow();
  expect(`${done.status} ${done.error_message ?? ""}`).toBe("complete ");
  const findings = await store.db.selectFrom("findings").selectAll().where("scan_id", "=", scan.id).execute();
  return findings.map((f) => `${f.advisory_id} ${f.package} ${f.level} ${f.reachable} ${f.call_paths}`).sort();
}

const handlerFor = (): Handler => scanHandler({ db: store.db, config, secretKey: new Uint8Array(32), log: silentLogger });
const workspaces = (): string[] => readdirSync(join(dir, "work")).filter((n) => n.startsWith("checkout-"));

test("a re-scan updates the kept checkout in place and reports what a scan with no kept state reports", async () => {
  const handler = handlerFor();
  const first = await scanWith(handler);
  const [kept] = workspaces();
  expect(workspaces()).toEqual([kept!]);
  expect(existsSync(join(dir, "work", kept!, "kept"))).toBe(true);

  // acme-parse becomes reachable through a file that did not change.
  commitFiles(join(roots, "webapp"), { "src/server.js": `const { render } = require("./routes/report");\nconst u = require("./unused");\nfunction main() { return render({ name: "world" }); }\nmain();\n` }, "use unused");
  const second = await scanWith(handler);
  expect(workspaces()).toEqual([kept!]);
  expect(second).not.toEqual(first);
  const parse = (rows: string[]) => rows.filter((r) => r.includes(" acme-parse ")).map((r) => r.split(" ")[3]);
  expect(parse(first)).not.toContain("1");
  expect(parse(second)).toContain("1");

  // A new process (handler) with no kept state: same findings. Starting it removes the kept checkout.
  const fresh = handlerFor();
  expect(existsSync(join(dir, "work", kept!))).toBe(false);
  expect(await scanWith(fresh)).toEqual(second);

  // And back: the removed require is seen too.
  commitFiles(join(roots, "webapp"), webapp, "back");
  expect(await scanWith(handler)).toEqual(first);
}, 60_000);

test("removeKeptWorkspaces spares a workspace in use (no mark); KeptCheckouts removes the oldest beyond its bound", async () => {
  const work = join(dir, "work");
  mkdirSync(join(work, "checkout-inuse", "tree"), { recursive: true });
  const kept = new KeptCheckouts(2);
  const removed: string[] = [];
  const fake = (name: string) => {
    mkdirSync(join(work, name, "tree"), { recursive: true });
    return { dir: join(work, name, "tree"), commitSha: "0".repeat(40), contentIds: null, cleanup: async () => {
        removed.push(name);
        rmSync(join(work, name), { recursive: true, force: true });
      } };
  };
  await kept.give("r1", fake("checkout-1"));
  await kept.give("r2", fake("checkout-2"));
  await kept.give("r3", fake("checkout-3"));
  expect(removed).toEqual(["checkout-1"]);
  expect(kept.take("r1")).toBeNull();
  const two = kept.take("r2")!;
  expect(existsSync(join(work, "checkout-2", "kept"))).toBe(false);
  await kept.give("r3", fake("checkout-4"));
  expect(removed).toEqual(["checkout-1", "checkout-3"]);
  expect(kept.size).toBe(1);
  expect(two.dir).toBe(join(work, "checkout-2", "tree"));
  expect(removeKeptWorkspaces(work)).toBe(1); // checkout-4: kept; checkout-2 was taken; checkout-inuse has no mark
  expect(readdirSync(work).sort()).toEqual(["checkout-2", "checkout-inuse"]);
});
