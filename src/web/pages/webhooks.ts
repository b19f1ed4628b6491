// Settings → Webhooks (admins): the same service as /v1/webhooks. The signing secret is shown
// once, after creation; the list shows each webhook's latest delivery, and the recent
// deliveries of the account are tabled below.
import { Elysia } from "elysia";
import { html, type SafeHtml } from "../html.ts";
import { htmlResponse, redirect, requireForm, requireRole, requireSession, webContext, type WebDeps } from "../http.ts";
import { layout, timestamp, type Flash } from "../layout.ts";
import { csrfField, type Session } from "../session.ts";
import { describedBy, fieldError } from "./parts.ts";
import { AppError } from "../../errors.ts";
import { loadWebhookSettings } from "../../webhooks/policy.ts";
import {
  createWebhook,
  deleteWebhook,
  deliveryView,
  listWebhooks,
  URL_MAX,
  WEBHOOK_EVENTS,
  type DeliveryView,
  type WebhookView,
} from "../../api/webhooks/service.ts";

interface FormState {
  url: string;
  events: string[];
  errors: Partial<Record<"url" | "events" | "form", string>>;
}

const EMPTY: FormState = { url: "", events: [...WEBHOOK_EVENTS], errors: {} };

function createForm(session: Session, state: FormState): SafeHtml {
  return html`<h2 id="new-hook">Add a webhook</h2>
<form class="stack panel" method="post" action="/settings/webhooks" aria-labelledby="new-hook">
  ${csrfField(session)}
  <div><label for="hook-url">Payload URL</label>
    <input type="url" id="hook-url" name="url" required maxlength="${String(URL_MAX)}" value="${state.url}" placeholder="https://ci.internal/reachd"${describedBy("hook-url", state.errors.url)}>
    ${fieldError("hook-url", state.errors.url)}</div>
  <fieldset${describedBy("events", state.errors.events)}><legend>Events</legend>
    <div class="checks">${WEBHOOK_EVENTS.map(
      (e) => html`<label><input type="checkbox" name="events" value="${e}"${state.events.includes(e) ? html` checked` : ""}> <code>${e}</code></label>`,
    )}</div>
    ${fieldError("events", state.errors.events)}
  </fieldset>
  <div><button type="submit">Add webhook</button></div>
</form>`;
}

function lastDelivery(w: WebhookView): SafeHtml {
  const d = w.deliveries;
  if (!d.last_status) return html`<span class="hint">none yet</span>`;
  const badge = d.last_status === "delivered" ? "badge-active" : d.last_status === "failed" ? "badge-revoked" : "badge-expired";
  return html`<span class="badge ${badge}">${d.last_status}</span> ${d.last_status_code !== null ? html`<code>${String(d.last_status_code)}</code> ` : ""}${timestamp(d.last_at)}`;
}

function hookTable(session: Session, hooks: WebhookView[]): SafeHtml {
  if (hooks.length === 0) return html`<p class="empty">No webhooks yet.</p>`;
  return html`<div class="table-wrap"><table>
<thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Created</th><th scope="col">Deliveries</th><th scope="col">Last delivery</th><th scope="col"><span class="hint">Actions</span></th></tr></thead>
<tbody>${hooks.map(
    (w) => html`<tr>
  <td><code>${w.url}</code></td>
  <td>${w.events.map((e) => html`<code>${e}</code> `)}</td>
  <td>${timestamp(w.created_at)}</td>
  <td>${String(w.deliveries.total)}${w.deliveries.failed ? html` <span class="hint">(${String(w.deliveries.failed)} failed)</span>` : ""}</td>
  <td>${lastDelivery(w)}</td>
  <td><form method="post" action="/settings/webhooks/${w.id}/delete">${csrfField(session)}<button type="submit" class="danger" aria-label="Delete webhook ${w.url}">Delete</button></form></td>
</tr>`,
  )}</tbody></table></div>`;
}

function deliveryTable(rows: (DeliveryView & { url: string })[]): SafeHtml {
  if (rows.length === 0) return html`<p class="empty">No deliveries yet.</p>`;
  return html`<div class="table-wrap"><table>
<thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Scan</th><th scope="col">URL</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Result</th><th scope="col">Next attempt</th></tr></thead>
<tbody>${rows.map(
    (d) => html`<tr>
  <td>${timestamp(d.created_at)}</td>
  <td><code>${d.event}</code></td>
  <td><a href="/scans/${d.scan_id}"><code>${d.scan_id}</code></a></td>
  <td><code>${d.url}</code></td>
  <td>${d.status}</td>
  <td>${String(d.attempts)}</td>
  <td>${d.status_code !== null ? html`<code>${String(d.status_code)}</code> ` : ""}${d.error ?? ""}${d.duration_ms !== null ? html` <span class="hint">${String(d.duration_ms)} ms</span>` : ""}</td>
  <td>${d.next_attempt_at ? timestamp(d.next_attempt_at) : html`<span class="hint">—</span>`}</td>
</tr>`,
  )}</tbody></table></div>`;
}

function createdBox(url: string, secret: string): SafeHtml {
  return html`<section class="panel" aria-labelledby="created-title">
<h2 id="created-title">Webhook for <code>${url}</code> added</h2>
<p><strong>Copy the signing secret now: it is shown only this once.</strong></p>
<div class="secret">
  <label for="new-secret-value" class="hint">Signing secret</label>
  <input type="text" id="new-secret-value" readonly value="${secret}" autocomplete="off" spellcheck="false">
  <button type="button" class="secondary" data-copy="new-secret-value" hidden>Copy</button>
  <span id="new-secret-value-status" class="sr-only" role="status" aria-live="polite"></span>
</div>
<p class="hint">Each request carries <code>X-Reachd-Signature: sha256=&lt;hex HMAC-SHA256 of the raw body with this secret&gt;</code>.</p>
</section>`;
}

async function webhooksPage(deps: WebDeps, session: Session, opts: { state?: FormState; created?: SafeHtml; flash?: Flash; status?: number } = {}) {
  const hooks = await listWebhooks(deps.db, session.accountId);
  const urls = new Map(hooks.map((h) => [h.id, h.url]));
  const recent = hooks.length
    ? await deps.db
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where("webhook_id", "in", hooks.map((h) => h.id))
        .orderBy("id", "desc")
        .limit(30)
        .execute()
    : [];
  const body = html`<h1>Webhooks</h1>
${opts.created ?? ""}
<p>reachd POSTs the scan status (as <code>GET /v1/scans/{id}</code> returns it, plus <code>event</code>) to these URLs when a scan completes or fails, retrying with backoff when the receiver does not answer 2xx.</p>
${createForm(session, opts.state ?? EMPTY)}
<h2>Webhooks of this account</h2>
${hookTable(session, hooks)}
<h2>Recent deliveries</h2>
${deliveryTable(recent.map((d) => ({ ...deliveryView(d), url: urls.get(d.webhook_id) ?? "" })))}`;
  return htmlResponse(layout({ title: "Webhooks", session, body, flash: opts.flash, current: "/settings/webhooks" }), { status: opts.status });
}

export const webhooksPages = (deps: WebDeps) => {
  const settings = deps.webhooks ?? loadWebhookSettings();
  return new Elysia({ name: "reachd-web-webhooks" })
    .use(webContext(deps))
    .get("/settings/webhooks", async ({ request, query }) => {
      const session = await requireSession(deps, request);
      requireRole(session, "admin");
      return webhooksPage(deps, session, { flash: query.deleted === "1" ? { kind: "ok", message: "Webhook deleted." } : undefined });
    })
    .post("/settings/webhooks", async ({ request, body }) => {
      const { session, form } = await requireForm(deps, request, body);
      requireRole(session, "admin");
      const state: FormState = { url: (form.get("url") ?? "").trim(), events: form.getAll("events"), errors: {} };
      if (state.events.length === 0) state.errors.events = "Choose at least one event.";
      if (state.url === "") state.errors.url = "Give the URL to send events to.";
      if (Object.keys(state.errors).length === 0) {
        try {
          const { webhook, secret } = await createWebhook(deps.db, deps.secretKey, settings, session.accountId, { url: state.url, events: state.events });
          deps.log.info("webhook created in dashboard", { webhook_id: webhook.id, user_id: session.user.id });
          return webhooksPage(deps, session, { created: createdBox(webhook.url, secret) });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          const field = e.details[0]?.field;
          const message = e.details[0] ? `The URL ${e.details[0].issue}.` : e.message;
          if (field === "events") state.errors.events = "Choose among the listed events.";
          else if (field === "url") state.errors.url = message;
          else state.errors.form = e.message;
        }
      }
      return webhooksPage(deps, session, {
        state,
        status: 400,
        flash: { kind: "error", message: state.errors.form ?? "The webhook was not added: see the marked fields." },
      });
    })
    .post("/settings/webhooks/:id/delete", async ({ request, body, params }) => {
      const { session } = await requireForm(deps, request, body);
      requireRole(session, "admin");
      try {
        await deleteWebhook(deps.db, session.accountId, params.id);
      } catch (e) {
        if (!(e instanceof AppError) || e.code !== "not_found") throw e;
        return webhooksPage(deps, session, { status: 404, flash: { kind: "error", message: "No such webhook in this account." } });
      }
      deps.log.info("webhook deleted in dashboard", { webhook_id: params.id, user_id: session.user.id });
      return redirect("/settings/webhooks?deleted=1");
    });
};
