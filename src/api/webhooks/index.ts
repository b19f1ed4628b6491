// Webhooks over the API (contract "Events", scope admin): create, list, show, delete.
import { Elysia, t } from "elysia";
import { authPlugin } from "../auth.ts";
import { secured } from "../route.ts";
import type { ApiDeps } from "../deps.ts";
import { ErrorBody } from "../models.ts";
import { loadWebhookSettings } from "../../webhooks/policy.ts";
import { createWebhook, deleteWebhook, findWebhook, listWebhooks, recentDeliveries, SECRET_MAX, URL_MAX, webhookView, WEBHOOK_EVENTS } from "./service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

const Event = t.Union(
  WEBHOOK_EVENTS.map((e) => t.Literal(e)),
  { error: `must be one of ${WEBHOOK_EVENTS.join(", ")}` },
);

const CreateWebhookBody = t.Object({
  url: t.String({ minLength: 1, maxLength: URL_MAX, description: "http(s) URL without credentials", error: `must be an http(s) URL of at most ${URL_MAX} characters` }),
  events: t.Optional(t.Array(Event, { minItems: 1, maxItems: 10, description: "Default: both events", error: "must be a non-empty array of event names" })),
  secret: t.Optional(
    t.Union([t.String({ minLength: 16, maxLength: SECRET_MAX }), t.Null()], {
      description: "HMAC key; generated when absent and returned once",
      error: `must be a string of 16 to ${SECRET_MAX} characters`,
    }),
  ),
});

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(s: T) => t.Union([s, t.Null()]);

const WebhookView = t.Object({
  id: t.String(),
  url: t.String(),
  events: t.Array(t.String()),
  active: t.Boolean(),
  created_at: t.String(),
  deliveries: t.Object({
    total: t.Integer(),
    failed: t.Integer(),
    last_status: Nullable(t.String({ description: "pending | delivered | failed" })),
    last_status_code: Nullable(t.Integer()),
    last_at: Nullable(t.String()),
  }),
});

const DeliveryView = t.Object({
  id: t.String(),
  event: t.String(),
  scan_id: t.String(),
  status: t.String({ description: "pending | delivered | failed" }),
  attempts: t.Integer(),
  status_code: Nullable(t.Integer()),
  error: Nullable(t.String()),
  duration_ms: Nullable(t.Integer()),
  created_at: t.String(),
  next_attempt_at: Nullable(t.String()),
  delivered_at: Nullable(t.String()),
});

export const webhooksController = (deps: ApiDeps) => {
  const settings = deps.webhooks ?? loadWebhookSettings();
  return new Elysia({ name: "reachd-webhooks" })
    .use(authPlugin(deps))
    .get("/webhooks", async ({ auth }) => ({ webhooks: await listWebhooks(deps.db, auth.account.id) }), {
      ...secured("admin", { summary: "List the account's webhooks (never the secrets)", tags: ["webhooks"] }),
      response: { 200: t.Object({ webhooks: t.Array(WebhookView) }), ...errors },
    })
    .post(
      "/webhooks",
      async ({ auth, body, set }) => {
        const { webhook, secret } = await createWebhook(deps.db, deps.secretKey, settings, auth.account.id, body);
        set.status = 201;
        return { ...(await webhookView(deps.db, webhook)), secret };
      },
      {
        ...secured("admin", { summary: "Create a webhook; the signing secret is in the response only", tags: ["webhooks"] }),
        body: CreateWebhookBody,
        response: { 201: t.Composite([WebhookView, t.Object({ secret: t.String() })]), ...errors, 409: ErrorBody },
      },
    )
    .get(
      "/webhooks/:id",
      async ({ auth, params }) => {
        const hook = await findWebhook(deps.db, auth.account.id, params.id);
        return { ...(await webhookView(deps.db, hook)), recent_deliveries: await recentDeliveries(deps.db, hook.id) };
      },
      {
        ...secured("admin", { summary: "A webhook with its 20 most recent deliveries", tags: ["webhooks"] }),
        params: t.Object({ id: t.String() }),
        response: { 200: t.Composite([WebhookView, t.Object({ recent_deliveries: t.Array(DeliveryView) })]), ...errors },
      },
    )
    .delete(
      "/webhooks/:id",
      async ({ auth, params, set }) => {
        await deleteWebhook(deps.db, auth.account.id, params.id);
        set.status = 204;
        return null;
      },
      {
        ...secured("admin", { summary: "Delete a webhook and its delivery records", tags: ["webhooks"] }),
        params: t.Object({ id: t.String() }),
        response: errors,
      },
    );
};
