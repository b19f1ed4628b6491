// Webhooks of one account: creation (URL checks, secret encrypted at rest), listing with the
// latest delivery, and removal. Shared by /v1/webhooks and Settings → Webhooks.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../../store/database.ts";
import type { Webhook, WebhookDelivery } from "../../store/tables.ts";
import { encryptSecret } from "../../store/crypto.ts";
import { AppError, invalid, notFound } from "../../errors.ts";
import { isId, newId } from "../../ids.ts";
import { isoNow } from "../../time.ts";
import { addressAllowed, ipLiteral, type WebhookSettings } from "../../webhooks/policy.ts";

export const WEBHOOK_EVENTS = ["scan.completed", "scan.failed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const URL_MAX = 2048;
const SECRET_MIN = 16;
export const SECRET_MAX = 256;

export interface WebhookView {
  id: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  created_at: string;
  deliveries: { total: number; failed: number; last_status: string | null; last_status_code: number | null; last_at: string | null };
}

/** A delivery as the API and the page show it: the stored row without its payload and owner. */
export type DeliveryView = Omit<WebhookDelivery, "payload" | "webhook_id">;

/** Problems with a webhook URL, or null when it is acceptable to store. */
export function checkWebhookUrl(raw: string, settings: WebhookSettings): string | null {
  if (raw.length > URL_MAX) return `must be at most ${URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute http(s) URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must use http or https";
  if (url.username || url.password) return "must not carry credentials; use the signing secret instead";
  if (!url.hostname) return "must name a host";
  if (url.hash) return "must not have a #fragment";
  const literal = ipLiteral(url.hostname);
  if (literal !== null && !addressAllowed(settings, url.hostname, literal)) return "points to a destination the operator does not allow";
  return null;
}

export interface CreateWebhookInput {
  url: string;
  events?: string[];
  secret?: string | null;
}

export async function createWebhook(
  db: DB,
  secretKey: Uint8Array,
  settings: WebhookSettings,
  accountId: string,
  input: CreateWebhookInput,
): Promise<{ webhook: Webhook; secret: string }> {
  const urlIssue = checkWebhookUrl(input.url, settings);
  if (urlIssue) throw invalid("url", urlIssue);
  const events = input.events ?? [...WEBHOOK_EVENTS];
  if (events.length === 0) throw invalid("events", "must name at least one event");
  for (const e of events) {
    if (!(WEBHOOK_EVENTS as readonly string[]).includes(e)) throw invalid("events", `must be among ${WEBHOOK_EVENTS.join(", ")}`);
  }
  const secret = input.secret ?? "whsec_" + randomBytes(24).toString("hex");
  if (secret.length < SECRET_MIN || secret.length > SECRET_MAX) {
    throw invalid("secret", `must be ${SECRET_MIN} to ${SECRET_MAX} characters`);
  }
  const count = await db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= settings.maxPerAccount) {
    throw new AppError("conflict", `an account can have at most ${settings.maxPerAccount} webhooks; delete one first`);
  }
  const webhook: Webhook = {
    id: newId("whk"),
    account_id: accountId,
    // Stored as parsed: what is shown is exactly what is requested (tabs, newlines and
    // surrounding junk are gone, unsafe characters percent-encoded).
    url: new URL(input.url).href,
    events: JSON.stringify([...new Set(events)]),
    secret_enc: encryptSecret(secretKey, secret),
    active: 1,
    created_at: isoNow(),
  };
  await db.insertInto("webhooks").values(webhook).execute();
  return { webhook, secret };
}

export function parseEvents(raw: string): WebhookEvent[] {
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)) : [];
  } catch {
    return [];
  }
}

export async function listWebhooks(db: DB, accountId: string): Promise<WebhookView[]> {
  const hooks = await db.selectFrom("webhooks").selectAll().where("account_id", "=", accountId).orderBy("id").execute();
  return Promise.all(hooks.map((h) => webhookView(db, h)));
}

export async function findWebhook(db: DB, accountId: string, id: string): Promise<Webhook> {
  // Another account's webhook is indistinguishable from one that does not exist.
  if (!isId(id, "whk")) throw notFound("webhook");
  const hook = await db.selectFrom("webhooks").selectAll().where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst();
  if (!hook) throw notFound("webhook");
  return hook;
}

export async function webhookView(db: DB, h: Webhook): Promise<WebhookView> {
  const stats = await db
    .selectFrom("webhook_deliveries")
    .select([
      (eb) => eb.fn.countAll<number>().as("total"),
      sql<number>`coalesce(sum(status = 'failed'), 0)`.as("failed"),
    ])
    .where("webhook_id", "=", h.id)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom("webhook_deliveries")
    .select(["status", "status_code", "created_at"])
    .where("webhook_id", "=", h.id)
    .where("attempts", ">", 0)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    id: h.id,
    url: h.url,
    events: parseEvents(h.events),
    active: h.active === 1,
    created_at: h.created_at,
    deliveries: {
      total: Number(stats.total),
      failed: Number(stats.failed),
      last_status: last?.status ?? null,
      last_status_code: last?.status_code ?? null,
      last_at: last?.created_at ?? null,
    },
  };
}

export function deliveryView(d: WebhookDelivery): DeliveryView {
  return {
    id: d.id,
    event: d.event,
    scan_id: d.scan_id,
    status: d.status,
    attempts: d.attempts,
    status_code: d.status_code,
    error: d.error,
    duration_ms: d.duration_ms,
    created_at: d.created_at,
    // Stored to the millisecond for scheduling; shown in the contract's seconds form.
    next_attempt_at: d.next_attempt_at === null ? null : isoNow(new Date(d.next_attempt_at)),
    delivered_at: d.delivered_at,
  };
}

export async function recentDeliveries(db: DB, webhookId: string, limit = 20): Promise<DeliveryView[]> {
  const rows = await db.selectFrom("webhook_deliveries").selectAll().where("webhook_id", "=", webhookId).orderBy("id", "desc").limit(limit).execute();
  return rows.map(deliveryView);
}

export async function deleteWebhook(db: DB, accountId: string, id: string): Promise<void> {
  const hook = await findWebhook(db, accountId, id);
  await db.deleteFrom("webhooks").where("id", "=", hook.id).execute();
}
