// Settings → API keys: the same service as `reachd keys` and /v1/keys. Members manage keys without
// the admin scope; only admins grant or revoke `admin`; viewers only read the list.
import { Elysia } from "elysia";
import { createKey, listKeys, publicKey, revokeKey } from "../../accounts/service.ts";
import { isScope, SCOPES, type Scope } from "../../accounts/scopes.ts";
import { roleAtLeast } from "../../accounts/users.ts";
import { isoNow } from "../../time.ts";
import { html, type SafeHtml } from "../html.ts";
import { forbidden, htmlResponse, redirect, requireForm, requireRole, requireSession, webContext, type WebDeps } from "../http.ts";
import { layout, timestamp, type Flash } from "../layout.ts";
import { csrfField, type Session } from "../session.ts";
import { describedBy, fieldError } from "./parts.ts";

const SCOPE_HINT: Record<Scope, string> = {
  "repos:read": "list repositories and their scan history",
  "repos:write": "connect repositories",
  "scans:read": "read scans, findings and advisory status",
  "scans:write": "start and cancel scans",
  admin: "everything, including API keys",
};

/** Scopes a role may put on a key: nobody hands out more than they hold. */
export function grantableScopes(role: string): Scope[] {
  if (role === "admin") return [...SCOPES];
  if (role === "member") return SCOPES.filter((s) => s !== "admin");
  return [];
}

interface FormState {
  name: string;
  scopes: string[];
  expires: string;
  errors: Partial<Record<"name" | "scopes" | "expires", string>>;
}

const EMPTY: FormState = { name: "", scopes: [], expires: "", errors: {} };

function createForm(session: Session, state: FormState): SafeHtml {
  const grantable = grantableScopes(session.user.role);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return html`<h2 id="new-key">Create a key</h2>
<form class="stack panel" method="post" action="/settings/keys" aria-labelledby="new-key">
  ${csrfField(session)}
  <div><label for="key-name">Name</label>
    <input type="text" id="key-name" name="name" required maxlength="100" value="${state.name}" placeholder="ci-pipeline"${describedBy("key-name", state.errors.name)}>
    ${fieldError("key-name", state.errors.name)}</div>
  <fieldset${describedBy("scopes", state.errors.scopes)}><legend>Scopes</legend>
    <div class="checks">${grantable.map(
      (s) => html`<label><input type="checkbox" name="scopes" value="${s}"${state.scopes.includes(s) ? html` checked` : ""}> <span><code>${s}</code> <span class="hint">${SCOPE_HINT[s]}</span></span></label>`,
    )}</div>
    ${fieldError("scopes", state.errors.scopes)}
  </fieldset>
  <div><label for="key-expires">Expires <span class="hint">(optional; the key stops working at 00:00 UTC that day)</span></label>
    <input type="date" id="key-expires" name="expires" min="${tomorrow}" value="${state.expires}"${describedBy("key-expires", state.errors.expires)}>
    ${fieldError("key-expires", state.errors.expires)}</div>
  <div><button type="submit">Create key</button></div>
</form>`;
}

function status(k: ReturnType<typeof publicKey>, now: string): SafeHtml {
  if (k.revoked_at) return html`<span class="badge badge-revoked">revoked ${timestamp(k.revoked_at)}</span>`;
  if (k.expires_at && k.expires_at <= now) return html`<span class="badge badge-expired">expired</span>`;
  return html`<span class="badge badge-active">active</span>`;
}

function keyTable(session: Session, keys: ReturnType<typeof publicKey>[]): SafeHtml {
  if (keys.length === 0) return html`<p class="empty">No API keys yet.</p>`;
  const now = isoNow();
  const canRevoke = (k: ReturnType<typeof publicKey>) =>
    !k.revoked_at && grantableScopes(session.user.role).length > 0 && (session.user.role === "admin" || !k.scopes.includes("admin"));
  return html`<div class="table-wrap"><table>
<caption class="hint">Keys are shown by their first characters only; the secret was shown once, at creation.</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col"><span class="hint">Actions</span></th></tr></thead>
<tbody>${keys.map(
    (k) => html`<tr>
  <td>${k.name}</td>
  <td><code class="nowrap">${k.prefix}…</code></td>
  <td class="scopes">${k.scopes.map((s) => html`<code>${s}</code> `)}</td>
  <td>${timestamp(k.created_at)}</td>
  <td>${timestamp(k.last_used_at)}</td>
  <td>${timestamp(k.expires_at)}</td>
  <td>${status(k, now)}</td>
  <td>${
    canRevoke(k)
      ? html`<form method="post" action="/settings/keys/${k.id}/revoke">${csrfField(session)}<button type="submit" class="danger" aria-label="Revoke key ${k.name} (${k.prefix}…)">Revoke</button></form>`
      : ""
  }</td>
</tr>`,
  )}</tbody></table></div>`;
}

function createdBox(name: string, apiKey: string): SafeHtml {
  return html`<section class="panel" aria-labelledby="created-title">
<h2 id="created-title">Key “${name}” created</h2>
<p><strong>Copy it now: it is shown only this once.</strong> reachd stores only a hash of it.</p>
<div class="secret">
  <label for="new-key-value" class="hint">New API key</label>
  <input type="text" id="new-key-value" readonly value="${apiKey}" autocomplete="off" spellcheck="false">
  <button type="button" class="secondary" data-copy="new-key-value" hidden>Copy</button>
  <span id="new-key-value-status" class="sr-only" role="status" aria-live="polite"></span>
</div>
<p class="hint">Use it as <code>Authorization: Bearer &lt;key&gt;</code> on <code>/v1</code>.</p>
</section>`;
}

async function keysPage(deps: WebDeps, session: Session, opts: { state?: FormState; created?: SafeHtml; flash?: Flash; status?: number } = {}) {
  const keys = (await listKeys(deps.db, session.accountId)).map(publicKey);
  const canCreate = grantableScopes(session.user.role).length > 0;
  const body = html`<h1>API keys</h1>
${opts.created ?? ""}
<p>Keys let scripts and CI use the <code>/v1</code> API of this account.</p>
${canCreate ? createForm(session, opts.state ?? EMPTY) : html`<p class="hint">Your role (${session.user.role}) can see keys but not create or revoke them.</p>`}
<h2>Keys of this account</h2>
${keyTable(session, keys)}`;
  return htmlResponse(layout({ title: "API keys", session, body, flash: opts.flash, current: "/settings/keys" }), { status: opts.status });
}

/** The form's fields checked as the API checks its body; errors per field. */
function readCreateForm(form: URLSearchParams, role: string): FormState {
  const state: FormState = { name: (form.get("name") ?? "").trim(), scopes: form.getAll("scopes"), expires: (form.get("expires") ?? "").trim(), errors: {} };
  if (state.name === "" || state.name.length > 100 || /[\u0000-\u001f\u007f]/.test(state.name)) {
    state.errors.name = "Give the key a name of 1 to 100 printable characters.";
  }
  const grantable = grantableScopes(role) as string[];
  if (state.scopes.length === 0) state.errors.scopes = "Choose at least one scope.";
  else if (state.scopes.some((s) => !isScope(s) || !grantable.includes(s))) state.errors.scopes = "One of the scopes is not one you may grant.";
  if (state.expires !== "") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(state.expires);
    const when = m ? Date.parse(`${state.expires}T00:00:00Z`) : NaN;
    if (!m || Number.isNaN(when)) state.errors.expires = "Give the date as YYYY-MM-DD.";
    else if (when <= Date.now()) state.errors.expires = "The expiry date must be in the future.";
  }
  return state;
}

export const keysPages = (deps: WebDeps) =>
  new Elysia({ name: "reachd-web-keys" })
    .use(webContext(deps))
    .get("/settings/keys", async ({ request, query }) => {
      const session = await requireSession(deps, request);
      const revoked = typeof query.revoked === "string" ? (await listKeys(deps.db, session.accountId)).find((k) => k.id === query.revoked && k.revoked_at) : undefined;
      return keysPage(deps, session, { flash: revoked ? { kind: "ok", message: `Key “${revoked.name}” (${revoked.prefix}…) revoked.` } : undefined });
    })
    .post("/settings/keys", async ({ request, body }) => {
      const { session, form } = await requireForm(deps, request, body);
      requireRole(session, "member");
      const state = readCreateForm(form, session.user.role);
      if (Object.keys(state.errors).length > 0) {
        return keysPage(deps, session, { state, status: 400, flash: { kind: "error", message: "The key was not created: see the marked fields." } });
      }
      const { key, apiKey } = await createKey(deps.db, {
        accountId: session.accountId,
        name: state.name,
        scopes: state.scopes as Scope[],
        expiresAt: state.expires ? `${state.expires}T00:00:00Z` : null,
      });
      deps.log.info("api key created in dashboard", { key_id: key.id, user_id: session.user.id });
      return keysPage(deps, session, { created: createdBox(key.name, apiKey) });
    })
    .post("/settings/keys/:id/revoke", async ({ request, body, params }) => {
      const { session } = await requireForm(deps, request, body);
      requireRole(session, "member");
      const key = (await listKeys(deps.db, session.accountId)).find((k) => k.id === params.id);
      if (!key || key.revoked_at) return keysPage(deps, session, { status: 404, flash: { kind: "error", message: "No such active key in this account." } });
      if (!roleAtLeast(session.user.role, "admin") && (JSON.parse(key.scopes) as string[]).includes("admin")) {
        throw forbidden("Only admins may revoke a key with the admin scope.");
      }
      await revokeKey(deps.db, session.accountId, key.id);
      deps.log.info("api key revoked in dashboard", { key_id: key.id, user_id: session.user.id });
      return redirect("/settings/keys?revoked=" + encodeURIComponent(key.id));
    });
