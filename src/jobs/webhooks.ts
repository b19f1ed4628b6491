// Webhook delivery, in-process and durable: a tick first turns newly finished scans into
// `pending` deliveries (one per matching webhook and scan; the unique key makes it idempotent,
// so scheduler scans, failures and re-evaluations are all caught without hooks in each), then
// sends the due ones. A restart simply finds the pending rows again: at-least-once delivery.
import { createHmac } from "node:crypto";
import { lookup } from "node:dns/promises";
import { sql } from "kysely";
import type { Logger } from "../log.ts";
import type { DB } from "../store/database.ts";
import type { Webhook, WebhookDelivery } from "../store/tables.ts";
import { decryptSecret } from "../store/crypto.ts";
import { newId } from "../ids.ts";
import { isoNow } from "../time.ts";
import { scanStatusView } from "../api/scans/service.ts";
import { addressAllowed, ipLiteral, type WebhookSettings } from "../webhooks/policy.ts";

/** Scans finished longer ago than this are not announced to webhooks (bounds the sweep). */
const SWEEP_WINDOW_MS = 24 * 3600_000;
const EXCERPT_BYTES = 512;
const BATCH = 8;

export function signBody(secret: string, body: string): string {
  return "sha256=" + createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

const EVENT_OF: Record<string, string> = { complete: "scan.completed", failed: "scan.failed" };

/** Finished scans since `cutoff` that an active webhook wants and has no delivery for yet (exported for its query plan test). */
export function finishedScansQuery(db: DB, cutoff: string) {
  // CROSS JOIN fixes SQLite's loop order: the few active webhooks outside, each account's recent
  // scans through scans_account_completed inside (else it walks every complete scan by status).
  return db
    .selectFrom("webhooks as w")
    .crossJoin("scans as s")
    .whereRef("s.account_id", "=", "w.account_id")
    .selectAll("s")
    .select("w.id as webhook_id")
    .where("w.active", "=", 1)
    .where("s.status", "in", ["complete", "failed"])
    .where("s.completed_at", ">=", cutoff)
    .whereRef("s.completed_at", ">=", "w.created_at")
    .where(sql<boolean>`instr(w.events, case s.status when 'complete' then '"scan.completed"' else '"scan.failed"' end) > 0`)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("webhook_deliveries as d").select("d.id").whereRef("d.webhook_id", "=", "w.id").whereRef("d.scan_id", "=", "s.id"))),
    )
    .orderBy("s.id")
    .limit(500);
}

/** Creates the deliveries for scans finished since each webhook was made. Returns how many. */
export async function enqueueFinishedScans(db: DB, now = new Date()): Promise<number> {
  // Most installations have no webhook: a look at the small webhooks table spares them the join
  // over recent scans at every poll.
  if (!(await db.selectFrom("webhooks").select("id").where("active", "=", 1).limit(1).executeTakeFirst())) return 0;
  const rows = await finishedScansQuery(db, isoNow(new Date(now.getTime() - SWEEP_WINDOW_MS))).execute();
  let created = 0;
  for (const row of rows) {
    const { webhook_id, ...scan } = row;
    const event = EVENT_OF[scan.status]!;
    const payload = JSON.stringify({ event, ...scanStatusView(scan) });
    const at = new Date().toISOString();
    const res = await db
      .insertInto("webhook_deliveries")
      .values({ id: newId("dlv"), webhook_id, event, scan_id: scan.id, payload, status: "pending", created_at: isoNow(), next_attempt_at: at })
      .onConflict((oc) => oc.columns(["webhook_id", "scan_id"]).doNothing())
      .executeTakeFirst();
    created += Number(res.numInsertedOrUpdatedRows ?? 0n);
  }
  return created;
}

interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  excerpt: string | null;
  durationMs: number;
}

async function readExcerpt(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // A body that breaks off still leaves the status code, which is what counts.
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  return bytes.length ? bytes.toString("utf8") : null;
}

/** Checks every address the host resolves to now (DNS rebinding), then sends one request. */
async function send(settings: WebhookSettings, hook: Webhook, secret: string, d: WebhookDelivery): Promise<AttemptResult> {
  const started = performance.now();
  const done = (r: Omit<AttemptResult, "durationMs">): AttemptResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  let url: URL;
  try {
    url = new URL(hook.url);
  } catch {
    return done({ ok: false, statusCode: null, error: "the stored URL is invalid", excerpt: null });
  }
  const literal = ipLiteral(url.hostname);
  let addresses: string[];
  try {
    addresses = literal ? [literal] : (await lookup(url.hostname, { all: true })).map((a) => a.address);
  } catch {
    return done({ ok: false, statusCode: null, error: `could not resolve ${url.hostname}`, excerpt: null });
  }
  const refused = addresses.find((a) => !addressAllowed(settings, url.hostname, a));
  if (addresses.length === 0 || refused !== undefined) {
    return done({ ok: false, statusCode: null, error: `destination ${refused ?? url.hostname} is not allowed by REACHD_WEBHOOK_ALLOW`, excerpt: null });
  }
  // Plain http goes to the very addresses just checked (Host kept), so a second DNS answer
  // cannot swap the destination; each checked address is tried until one accepts the
  // connection. https keeps the name for certificate checks, so there a rebinding race between
  // this check and the connection remains possible (see README).
  const targets: { url: URL; host?: string }[] =
    url.protocol === "http:" && !literal
      ? addresses.map((a) => {
          const pinned = new URL(url.href);
          pinned.hostname = a.includes(":") ? `[${a}]` : a;
          return { url: pinned, host: url.host };
        })
      : [{ url }];
  const deadline = AbortSignal.timeout(settings.timeoutMs);
  for (const target of targets) {
    try {
      const res = await fetch(target.url, {
        method: "POST",
        body: d.payload,
        redirect: "manual",
        signal: deadline,
        headers: {
          ...(target.host ? { host: target.host } : {}),
          "content-type": "application/json",
          "user-agent": "reachd-webhooks",
          "x-reachd-signature": signBody(secret, d.payload),
          "x-reachd-event": d.event,
          "x-reachd-delivery": d.id,
        },
      });
      const excerpt = await readExcerpt(res);
      const ok = res.status >= 200 && res.status < 300;
      const error = ok ? null : res.status >= 300 && res.status < 400 ? `redirect ${res.status} not followed` : `HTTP ${res.status}`;
      return done({ ok, statusCode: res.status, error, excerpt });
    } catch (e) {
      if (deadline.aborted) return done({ ok: false, statusCode: null, error: `no response within ${settings.timeoutMs} ms`, excerpt: null });
      // A refused connection tries the next checked address.
    }
  }
  return done({ ok: false, statusCode: null, error: "connection failed", excerpt: null });
}

/** Delay before the next attempt: the configured step with ±20% jitter, so retries spread out. */
export function backoffDelay(settings: WebhookSettings, attempt: number, random = Math.random()): number | null {
  const base = settings.backoffMs[attempt - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.8 + 0.4 * random));
}

export async function attemptDelivery(db: DB, secretKey: Uint8Array, settings: WebhookSettings, d: WebhookDelivery, log: Logger): Promise<void> {
  const hook = await db.selectFrom("webhooks").selectAll().where("id", "=", d.webhook_id).executeTakeFirst();
  if (!hook) return;
  let secret: string;
  try {
    secret = decryptSecret(secretKey, hook.secret_enc);
  } catch {
    await db.updateTable("webhook_deliveries").set({ status: "failed", error: "the webhook secret cannot be decrypted", next_attempt_at: null }).where("id", "=", d.id).execute();
    return;
  }
  const attempt = d.attempts + 1;
  const r = await send(settings, hook, secret, d);
  const now = isoNow();
  const delay = r.ok ? null : backoffDelay(settings, attempt);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhook_attempts")
      .values({ delivery_id: d.id, attempt, status_code: r.statusCode, error: r.error, response_excerpt: r.excerpt, duration_ms: r.durationMs, created_at: now })
      .onConflict((oc) => oc.columns(["delivery_id", "attempt"]).doNothing())
      .execute();
    await trx
      .updateTable("webhook_deliveries")
      .set({
        attempts: attempt,
        status: r.ok ? "delivered" : delay === null ? "failed" : "pending",
        status_code: r.statusCode,
        error: r.error,
        duration_ms: r.durationMs,
        delivered_at: r.ok ? now : null,
        next_attempt_at: delay === null ? null : new Date(Date.now() + delay).toISOString(),
      })
      .where("id", "=", d.id)
      .execute();
  });
  log[r.ok ? "info" : "warn"]("webhook delivery", { delivery_id: d.id, webhook_id: hook.id, attempt, status_code: r.statusCode, error: r.error });
}

/** The in-process worker: polls, enqueues, delivers a few at a time. */
export class WebhookDispatcher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: DB,
    private readonly secretKey: Uint8Array,
    private readonly settings: WebhookSettings,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
        this.schedule(this.settings.pollMs);
      });
    }, ms);
  }

  async tick(): Promise<void> {
    try {
      await enqueueFinishedScans(this.db);
      for (;;) {
        if (this.stopped) return;
        const due = await this.db
          .selectFrom("webhook_deliveries")
          .selectAll()
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", new Date().toISOString())
          .orderBy("next_attempt_at")
          .limit(BATCH)
          .execute();
        if (due.length === 0) return;
        await Promise.all(due.map((d) => attemptDelivery(this.db, this.secretKey, this.settings, d, this.log)));
      }
    } catch (e) {
      this.log.error("webhook dispatch failed", { error: String(e) });
    }
  }

  /** Stops polling and waits for the attempt in flight (bounded by the request timeout). */
  async drain(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
  }
}
