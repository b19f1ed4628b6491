// Webhook delivery on a real store: a real scan of a real git repository and a real
// re-evaluation (trigger advisory_update) both become signed deliveries to a real local
// receiver; the destination policy is re-checked against the address the host resolves to.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { join, resolve } from "node:path";
import { openStore, type Store } from "../../src/store/database.ts";
import { createAccount } from "../../src/accounts/service.ts";
import { createScan } from "../../src/api/scans/service.ts";
import { createWebhook, deliveryView } from "../../src/api/webhooks/service.ts";
import { claimNext } from "../../src/jobs/queue.ts";
import { scanHandler } from "../../src/jobs/handlers/scan.ts";
import { queueReevaluation, runQueuedReevaluations } from "../../src/jobs/reeval.ts";
import { backoffDelay, enqueueFinishedScans, finishedScansQuery, WebhookDispatcher } from "../../src/jobs/webhooks.ts";
import { importAdvisories } from "../../src/scan/advisories/import.ts";
import { loadConfig } from "../../src/config.ts";
import { silentLogger } from "../../src/log.ts";
import { isoNow } from "../../src/time.ts";
import { addressAllowed, loadWebhookSettings, WebhookConfigError } from "../../src/webhooks/policy.ts";
import { bytesOf } from "../advisories/helpers.ts";
import { makeRepo } from "../support/git.ts";
import { insertRepo } from "../support/repos.ts";
import { cleanup, tempDir } from "../support/server.ts";
import { webapp } from "../e2e/projects.ts";

const ADVISORIES = resolve(import.meta.dir, "../fixtures/advisories/e2e");
const KEY = new Uint8Array(32).fill(7);

describe("destination policy", () => {
  test("by default everything but link-local and cloud metadata is allowed", () => {
    const s = loadWebhookSettings({});
    expect(addressAllowed(s, "h", "10.1.2.3")).toBe(true);
    expect(addressAllowed(s, "h", "127.0.0.1")).toBe(true);
    expect(addressAllowed(s, "h", "::1")).toBe(true);
    expect(addressAllowed(s, "h", "169.254.169.254")).toBe(false);
    expect(addressAllowed(s, "h", "::ffff:169.254.169.254")).toBe(false);
    expect(addressAllowed(s, "h", "fd00:ec2::254")).toBe(false);
    expect(addressAllowed(s, "h", "fe80::1")).toBe(false);
    expect(addressAllowed(s, "h", "not-an-ip")).toBe(false);
  });

  test("REACHD_WEBHOOK_ALLOW limits destinations to the listed CIDRs and hosts", () => {
    const s = loadWebhookSettings({ REACHD_WEBHOOK_ALLOW: "10.0.0.0/8, hooks.example.com, 2001:db8::/32, 192.0.2.7" });
    expect(addressAllowed(s, "x", "10.200.0.1")).toBe(true);
    expect(addressAllowed(s, "x", "11.0.0.1")).toBe(false);
    expect(addressAllowed(s, "x", "192.0.2.7")).toBe(true);
    expect(addressAllowed(s, "x", "192.0.2.8")).toBe(false);
    expect(addressAllowed(s, "x", "2001:db8::5")).toBe(true);
    expect(addressAllowed(s, "HOOKS.example.com", "203.0.113.9")).toBe(true);
    expect(addressAllowed(s, "x", "169.254.169.254")).toBe(false);
  });

  test("bad settings are refused with a clear message", () => {
    expect(() => loadWebhookSettings({ REACHD_WEBHOOK_ALLOW: "10.0.0.0/99" })).toThrow(/not a valid CIDR/);
    expect(() => loadWebhookSettings({ REACHD_WEBHOOK_ALLOW: "http://x/" })).toThrow(WebhookConfigError);
    expect(() => loadWebhookSettings({ REACHD_WEBHOOK_BACKOFF_MS: "10,-1" })).toThrow(/REACHD_WEBHOOK_BACKOFF_MS/);
    expect(() => loadWebhookSettings({ REACHD_WEBHOOK_TIMEOUT_MS: "0" })).toThrow(/REACHD_WEBHOOK_TIMEOUT_MS/);
  });

  test("the default schedule is 30 s, 2 min, 8 min, 30 min, 2 h (6 attempts) with ±20% jitter", () => {
    const s = loadWebhookSettings({});
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(s, n, 0.5))).toEqual([30_000, 120_000, 480_000, 1_800_000, 7_200_000]);
    expect(backoffDelay(s, 1, 0)).toBe(24_000);
    expect(backoffDelay(s, 1, 1)).toBe(36_000);
    expect(backoffDelay(s, 6, 0.5)).toBeNull();
    expect(s.timeoutMs).toBe(10_000);
  });
});

describe("delivery on a real store", () => {
  let dir: string;
  let roots: string;
  let store: Store;
  let accountId: string;
  const received: { body: string; signature: string | null; event: string | null; host: string | null }[] = [];
  let receiver: ReturnType<typeof Bun.serve>;

  beforeAll(() => {
    receiver = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: async (req) => {
        received.push({ body: await req.text(), signature: req.headers.get("x-reachd-signature"), event: req.headers.get("x-reachd-event"), host: req.headers.get("host") });
        return new Response(null, { status: 204 });
      },
    });
  });
  afterAll(() => receiver.stop(true));

  beforeEach(async () => {
    received.length = 0;
    dir = tempDir("reachd-hooks-");
    roots = tempDir("reachd-hooks-roots-");
    store = await openStore(dir);
    expect((await importAdvisories(store.db, { path: ADVISORIES }, { source: "fixtures" })).errors).toBe(0);
    makeRepo(join(roots, "webapp"), webapp);
    accountId = (await createAccount(store.db, { name: "t", plan: "team" })).id;
  });

  afterEach(async () => {
    await store.close();
    cleanup(dir, roots);
  });

  async function scanWebapp(): Promise<string> {
    const repoId = await insertRepo(store.db, accountId, "a/webapp", { checkout: join(roots, "webapp"), roots });
    const scan = await createScan(store.db, accountId, { repoId, ref: "main", threshold: undefined, trigger: "api" });
    const config = loadConfig({ dataDir: dir }, { REACHD_LOCAL_ROOTS: roots });
    const claimed = await claimNext(store.db);
    await scanHandler({ db: store.db, config, secretKey: KEY, log: silentLogger })(claimed!, new AbortController().signal);
    return scan.id;
  }

  test("a scan and its advisory_update re-evaluation are both delivered as scan.completed, signed", async () => {
    const settings = loadWebhookSettings({});
    const { secret } = await createWebhook(store.db, KEY, settings, accountId, { url: `http://127.0.0.1:${receiver.port}/in`, events: ["scan.completed"] });
    const baseId = await scanWebapp();
    await importAdvisories(
      store.db,
      {
        name: "n.json",
        bytes: bytesOf({
          id: "RDTEST-HOOK-1",
          modified: "2026-05-01T00:00:00Z",
          summary: "new",
          affected: [{ package: { ecosystem: "npm", name: "acme-parse" }, ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0" }, { fixed: "9.0.0" }] }] }],
        }),
      },
      { source: "t" },
    );
    await queueReevaluation(store.db, "import");
    expect(await runQueuedReevaluations(store.db, silentLogger)).toMatchObject({ created: 1 });

    const dispatcher = new WebhookDispatcher(store.db, KEY, settings, silentLogger);
    await dispatcher.tick();
    expect(await enqueueFinishedScans(store.db)).toBe(0); // idempotent: nothing new to enqueue
    const bodies = received.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => [b.event, b.trigger])).toEqual([
      ["scan.completed", "api"],
      ["scan.completed", "advisory_update"],
    ]);
    expect(bodies[0].id).toBe(baseId);
    for (const r of received) {
      expect(r.signature).toBe("sha256=" + createHmac("sha256", secret).update(r.body).digest("hex"));
      expect(r.event).toBe("scan.completed");
    }
    const rows = await store.db.selectFrom("webhook_deliveries").selectAll().execute();
    expect(rows.map((r) => [r.status, r.attempts, r.status_code])).toEqual([
      ["delivered", 1, 204],
      ["delivered", 1, 204],
    ]);
    // A second tick sends nothing again.
    await dispatcher.tick();
    expect(received).toHaveLength(2);
  });

  test("no active webhook: a finished scan enqueues nothing; the sweep finds each account's recent scans by index", async () => {
    const settings = loadWebhookSettings({});
    const { id } = (await createWebhook(store.db, KEY, settings, accountId, { url: `http://127.0.0.1:${receiver.port}/in`, events: ["scan.completed"] })).webhook;
    await store.db.updateTable("webhooks").set({ active: 0 }).where("id", "=", id).execute();
    await scanWebapp();
    expect(await enqueueFinishedScans(store.db)).toBe(0);
    await store.db.updateTable("webhooks").set({ active: 1 }).where("id", "=", id).execute();
    expect(await enqueueFinishedScans(store.db)).toBe(1);

    const q = finishedScansQuery(store.db, isoNow()).compile();
    const plan = store.sqlite.query<{ detail: string }, never[]>(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as never[]));
    expect(plan.map((r) => r.detail)).toContainEqual(expect.stringContaining("SEARCH s USING INDEX scans_account_completed (account_id=? AND completed_at>?)"));
  });

  test("a host name resolving outside REACHD_WEBHOOK_ALLOW is refused at delivery time and retried", async () => {
    const settings = loadWebhookSettings({ REACHD_WEBHOOK_ALLOW: "10.0.0.0/8", REACHD_WEBHOOK_BACKOFF_MS: "0" });
    // A name passes creation (it is checked against what it resolves to when sending).
    await createWebhook(store.db, KEY, settings, accountId, { url: `http://localhost:${receiver.port}/in` });
    await scanWebapp();
    await new WebhookDispatcher(store.db, KEY, settings, silentLogger).tick();
    expect(received).toHaveLength(0);
    const d = await store.db.selectFrom("webhook_deliveries").selectAll().executeTakeFirstOrThrow();
    expect(d).toMatchObject({ status: "failed", attempts: 2, status_code: null });
    expect(d.error).toMatch(/is not allowed by REACHD_WEBHOOK_ALLOW/);
    const attempts = await store.db.selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", d.id).orderBy("attempt").execute();
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
  });

  test("a pending retry survives a restart: a new store handle and dispatcher deliver it", async () => {
    let calls = 0;
    const flaky = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("busy", { status: ++calls === 1 ? 503 : 200 }) });
    try {
      const settings = loadWebhookSettings({ REACHD_WEBHOOK_BACKOFF_MS: "200" });
      await createWebhook(store.db, KEY, settings, accountId, { url: `http://127.0.0.1:${flaky.port}/in` });
      await scanWebapp();
      await new WebhookDispatcher(store.db, KEY, settings, silentLogger).tick();
      const first = await store.db.selectFrom("webhook_deliveries").selectAll().executeTakeFirstOrThrow();
      expect(first).toMatchObject({ status: "pending", attempts: 1, status_code: 503, error: "HTTP 503" });
      expect(first.next_attempt_at).not.toBeNull();
      // Scheduled to the millisecond, shown in the contract's seconds form.
      expect(deliveryView(first).next_attempt_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      const excerpt = await store.db.selectFrom("webhook_attempts").select("response_excerpt").executeTakeFirstOrThrow();
      expect(excerpt.response_excerpt).toBe("busy");

      await store.close();
      store = await openStore(dir);
      await Bun.sleep(300);
      await new WebhookDispatcher(store.db, KEY, settings, silentLogger).tick();
      const after = await store.db.selectFrom("webhook_deliveries").selectAll().executeTakeFirstOrThrow();
      expect(after).toMatchObject({ id: first.id, status: "delivered", attempts: 2, status_code: 200, error: null, next_attempt_at: null });
      expect(calls).toBe(2);
    } finally {
      flaky.stop(true);
    }
  });

  test("a host name is sent to the address that was checked, with its Host header kept", async () => {
    const settings = loadWebhookSettings({ REACHD_WEBHOOK_ALLOW: "127.0.0.0/8, ::1", REACHD_WEBHOOK_BACKOFF_MS: "0" });
    await createWebhook(store.db, KEY, settings, accountId, { url: `http://localhost:${receiver.port}/in` });
    await scanWebapp();
    await new WebhookDispatcher(store.db, KEY, settings, silentLogger).tick();
    expect(received.map((r) => r.host)).toEqual([`localhost:${receiver.port}`]);
    expect(await store.db.selectFrom("webhook_deliveries").select(["status", "attempts"]).executeTakeFirstOrThrow()).toEqual({ status: "delivered", attempts: 1 });
  });

  test("an IP literal outside the allowed list is refused at creation", async () => {
    const settings = loadWebhookSettings({ REACHD_WEBHOOK_ALLOW: "10.0.0.0/8" });
    await expect(createWebhook(store.db, KEY, settings, accountId, { url: "http://127.0.0.1:9/x" })).rejects.toThrow(/destination/);
    await expect(createWebhook(store.db, KEY, settings, accountId, { url: "http://10.1.1.1/x" })).resolves.toBeDefined();
  });

  test("the secret is stored encrypted, never in clear", async () => {
    const { webhook, secret } = await createWebhook(store.db, KEY, loadWebhookSettings({}), accountId, { url: "http://10.1.1.1/x" });
    const row = await store.db.selectFrom("webhooks").selectAll().where("id", "=", webhook.id).executeTakeFirstOrThrow();
    expect(row.secret_enc.startsWith("v1.")).toBe(true);
    expect(row.secret_enc).not.toContain(secret);
  });
});
