// Repositories: the list (provider, default branch, last scan, verdict), the connect form, and
// "start a scan". Loading and connecting go through the API's own services (src/api/repos,
// src/api/scans), so the rules cannot drift from POST /v1/repos.
import { Elysia } from "elysia";
import { Value } from "@sinclair/typebox/value";
import type { DB } from "../../store/database.ts";
import type { Account } from "../../store/tables.ts";
import { AppError } from "../../errors.ts";
import { CreateRepoBody, PROVIDERS, type RepoView, type ScanStatusView } from "../../api/models.ts";
import { connectRepo, listRepos, type ConnectDeps } from "../../api/repos/service.ts";
import { scanHistory, startScan } from "../../api/scans/service.ts";
import { planBucket, rateLimited } from "../../api/rate-limit.ts";
import { decodeCursor } from "../../api/cursor.ts";
import type { ApiDeps } from "../../api/deps.ts";
import { html, type SafeHtml } from "../html.ts";
import { csrfField } from "../session.ts";
import { redirect, webContext } from "../http.ts";
import { page, withForm, withSession, type Ctx } from "./respond.ts";
import { hasActive, historyPage, isVerdict, loadHistory, REFRESH_SECONDS } from "./scans.ts";
import { canWrite, describedBy, fieldError, query, verdictBadge, when } from "./parts.ts";

export const CONNECT_FIELDS = ["name", "provider", "path", "url", "token", "default_branch"] as const;
export type ConnectField = (typeof CONNECT_FIELDS)[number];

export interface ConnectForm {
  values: Partial<Record<ConnectField, string>>;
  /** Per field, plus `form` for a failure that belongs to no single field. */
  errors: Partial<Record<ConnectField | "form", string>>;
}

export const emptyConnectForm = (): ConnectForm => ({ values: { provider: "local" }, errors: {} });

export interface RepoRow {
  repo: RepoView;
  /** The newest scan of any status, so a running one shows as running. */
  latest: ScanStatusView | null;
}

export interface ReposPageData {
  rows: RepoRow[];
  total: number;
  nextCursor: string | null;
  role: string;
  localRoots: string[];
  form: ConnectForm;
  /** The cursor this page was opened with, so the first page can be offered. */
  cursor?: string;
}

export async function loadRepoRows(db: DB, account: Account, after: string | null): Promise<Omit<ReposPageData, "role" | "localRoots" | "form">> {
  const page = await listRepos(db, account, { limit: 20, after });
  const rows = await Promise.all(
    page.repos.map(async (repo) => {
      const history = await scanHistory(db, account.id, repo.id, { limit: 1, after: null, verdict: undefined });
      return { repo, latest: history.scans[0] ?? null };
    }),
  );
  return { rows, total: page.total, nextCursor: page.next_cursor };
}

/** The form's fields as the API body: empty inputs are absent, the token becomes the credential. */
export function connectBody(values: Partial<Record<ConnectField, string>>): Record<string, unknown> {
  const body: Record<string, unknown> = { name: (values.name ?? "").trim(), provider: values.provider ?? "" };
  const path = values.path?.trim();
  const url = values.url?.trim();
  const branch = values.default_branch?.trim();
  if (path) body.path = path;
  if (url) body.url = url;
  if (branch) body.default_branch = branch;
  if (values.token) body.credential = { token: values.token };
  return body;
}

/** The field a schema or service complaint is about, as the form names its inputs. */
function formField(field: string): ConnectField | "form" {
  const top = field.replace(/^\//, "").split(/[/.]/)[0] ?? "";
  if (top === "credential" || top === "token") return "token";
  return (CONNECT_FIELDS as readonly string[]).includes(top) ? (top as ConnectField) : "form";
}

/**
 * Connects a repository from the form exactly as POST /v1/repos would: the same schema, then the
 * same service. Returns the connected repository or the form with its errors (input kept,
 * except the token, which is never echoed into a page).
 */
export async function submitConnect(
  deps: ConnectDeps,
  account: Account,
  values: Partial<Record<ConnectField, string>>,
): Promise<{ ok: true; repo: RepoView } | { ok: false; form: ConnectForm; status: number }> {
  const kept = { ...values, token: "" };
  const body = connectBody(values);
  const errors: ConnectForm["errors"] = {};
  for (const e of Value.Errors(CreateRepoBody, body)) {
    const field = formField(e.path || "/form");
    const custom = (e.schema as { error?: unknown }).error;
    errors[field] ??= typeof custom === "string" ? custom : e.message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, form: { values: kept, errors }, status: 400 };
  try {
    const repo = await connectRepo(deps, account, body as CreateRepoBody);
    return { ok: true, repo };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const where: ConnectField | "form" =
      e.details[0]
        ? formField(e.details[0].field)
        : e.code === "conflict"
          ? "name"
          : e.code === "repository_access_denied"
            ? values.provider === "local"
              ? "path"
              : "url"
            : "form";
    return { ok: false, form: { values: kept, errors: { [where]: e.message } }, status: e.status };
  }
}

function input(form: ConnectForm, id: ConnectField, label: string, attrs: { type?: string; hint?: string; placeholder?: string; required?: boolean } = {}): SafeHtml {
  const err = form.errors[id];
  const hintId = attrs.hint ? `connect-${id}-hint` : null;
  return html`<div class="field">
  <label for="connect-${id}">${label}</label>
  <input id="connect-${id}" name="${id}" type="${attrs.type ?? "text"}" value="${form.values[id] ?? ""}"${attrs.placeholder ? html` placeholder="${attrs.placeholder}"` : ""}${attrs.required ? html` required` : ""}${describedBy(`connect-${id}`, err)}${hintId && !err ? html` aria-describedby="${hintId}"` : ""} autocomplete="off">
  ${attrs.hint ? html`<p class="hint" id="${hintId}">${attrs.hint}</p>` : ""}
  ${fieldError(`connect-${id}`, err)}
</div>`;
}

export function connectFormHtml(form: ConnectForm, csrf: SafeHtml, localRoots: string[]): SafeHtml {
  const provider = form.values.provider ?? "local";
  const rootsHint =
    localRoots.length > 0
      ? `Local: an absolute path of a git repository under ${localRoots.join(", ")}.`
      : "Local repositories are off: the operator sets REACHD_LOCAL_ROOTS to allow them.";
  return html`<form method="post" action="/repos" class="card connect-form" novalidate>
  <h2 id="connect-heading">Connect a repository</h2>
  ${csrf}
  ${form.errors.form ? html`<p class="form-error" role="alert">${form.errors.form}</p>` : ""}
  ${input(form, "name", "Name (owner/name)", { placeholder: "acme/webapp", required: true })}
  <div class="field">
    <label for="connect-provider">Provider</label>
    <select id="connect-provider" name="provider"${describedBy("connect-provider", form.errors.provider)}>
      ${PROVIDERS.map((p) => html`<option value="${p}"${p === provider ? html` selected` : ""}>${p}</option>`)}
    </select>
    ${fieldError("connect-provider", form.errors.provider)}
  </div>
  ${input(form, "path", "Local path", { hint: rootsHint, placeholder: "/srv/git/webapp" })}
  ${input(form, "url", "Clone URL (remote providers)", { type: "url", placeholder: "https://github.com/acme/webapp.git" })}
  ${input(form, "token", "Access token (private remote repositories; stored encrypted)", { type: "password" })}
  ${input(form, "default_branch", "Default branch (optional; found from the repository otherwise)")}
  <button type="submit">Connect</button>
</form>`;
}

function emptyState(role: string, localRoots: string[]): SafeHtml {
  const example = localRoots[0] ? `${localRoots[0].replace(/\/$/, "")}/webapp` : "/srv/git/webapp";
  return html`<section class="empty-state" aria-labelledby="empty-heading">
  <h2 id="empty-heading">No repositories yet</h2>
  ${
    canWrite(role)
      ? html`<p>Start by connecting a repository with the form on this page, then press <strong>Scan now</strong>.
  The scan finds vulnerable dependencies and tells you which ones your code actually calls.</p>`
      : html`<p>Your role is viewer: ask a member or an admin of your account to connect a repository.</p>`
  }
  <p>Prefer the API? Create a key under <a href="/settings/keys">Settings → API keys</a>, then:</p>
  <pre><code>curl -X POST http://HOST/v1/repos -H "Authorization: Bearer $REACHD_KEY" \\
  -H 'content-type: application/json' \\
  -d '{"name":"acme/webapp","provider":"local","path":"${example}"}'</code></pre>
</section>`;
}

function repoRow(row: RepoRow, role: string, csrf: SafeHtml): SafeHtml {
  const { repo, latest } = row;
  return html`<tr>
  <th scope="row"><a href="/repos/${repo.id}">${repo.name}</a></th>
  <td>${repo.provider}</td>
  <td>${repo.default_branch ?? "—"}</td>
  <td>${when(repo.last_scan)}</td>
  <td>${latest ? html`<a href="/scans/${latest.id}">${verdictBadge(latest)}</a>` : verdictBadge(null)}</td>
  ${
    canWrite(role)
      ? html`<td><form method="post" action="/repos/${repo.id}/scans" class="inline">${csrf}<button type="submit">Scan now<span class="sr-only"> ${repo.name}</span></button></form></td>`
      : ""
  }
</tr>`;
}

export function reposPage(data: ReposPageData, csrf: SafeHtml): SafeHtml {
  const write = canWrite(data.role);
  const list =
    data.rows.length === 0
      ? emptyState(data.role, data.localRoots)
      : html`<div class="table-wrap"><table class="repos">
  <caption>${data.total} connected ${data.total === 1 ? "repository" : "repositories"}</caption>
  <thead><tr><th scope="col">Repository</th><th scope="col">Provider</th><th scope="col">Default branch</th><th scope="col">Last scan</th><th scope="col">Verdict</th>${write ? html`<th scope="col">Action</th>` : ""}</tr></thead>
  <tbody>${data.rows.map((r) => repoRow(r, data.role, csrf))}</tbody>
</table></div>
${
  data.cursor || data.nextCursor
    ? html`<nav class="pager" aria-label="Pages">${data.cursor ? html`<a href="/repos">First page</a>` : ""}${data.nextCursor ? html`<a href="/repos${query({ cursor: data.nextCursor })}">Next page</a>` : ""}</nav>`
    : ""
}`;
  return html`<h1>Repositories</h1>
<div class="repos-layout">
  <section aria-label="Repository list">${list}</section>
  ${write ? connectFormHtml(data.form, csrf, data.localRoots) : ""}
</div>`;
}

// ---- routes ----

export const reposPages = (deps: ApiDeps) => {
  const connectDeps = { db: deps.db, localRoots: deps.config.localRoots, secretKey: deps.secretKey, probeTimeoutMs: 30_000 };
  const render = async (ctx: Ctx, cursor: string | undefined, form: ConnectForm, status = 200) => {
    const rows = await loadRepoRows(deps.db, ctx.account, decodeCursor(cursor || undefined, "repo"));
    const data: ReposPageData = { ...rows, role: ctx.session.user.role, localRoots: deps.config.localRoots, form, cursor };
    return page(ctx, "Repositories", reposPage(data, csrfField(ctx.session)), { status, current: "/repos" });
  };
  return new Elysia({ name: "reachd-web-repos" })
    .use(webContext(deps))
    .get("/repos", ({ request, query }) =>
      withSession(deps, request, (ctx) => render(ctx, typeof query.cursor === "string" ? query.cursor : undefined, emptyConnectForm())),
    )
    .post("/repos", ({ request, body }) =>
      withForm(deps, request, body, async (ctx, form) => {
        const values: ConnectForm["values"] = {};
        for (const f of CONNECT_FIELDS) values[f] = form.get(f) ?? "";
        const outcome = await submitConnect(connectDeps, ctx.account, values);
        if (outcome.ok) return redirect(`/repos/${outcome.repo.id}?connected=1`);
        return render(ctx, undefined, outcome.form, outcome.status);
      }),
    )
    .get("/repos/:id", ({ request, params, query }) =>
      withSession(deps, request, async (ctx) => {
        const cursor = typeof query.cursor === "string" && query.cursor ? query.cursor : undefined;
        const verdict = isVerdict(query.verdict as string | undefined) ? (query.verdict as string) : undefined;
        const data = await loadHistory(deps.db, ctx.account, params.id, { after: decodeCursor(cursor, "scan"), cursor, verdict });
        const flash = query.connected ? { kind: "ok" as const, message: `Connected ${data.repo.name}. Start its first scan with Scan now.` } : undefined;
        const active = hasActive(data.scans);
        return page(ctx, data.repo.name, historyPage({ ...data, role: ctx.session.user.role }, csrfField(ctx.session)), {
          noscriptRefresh: active ? REFRESH_SECONDS : undefined,
          current: "/repos",
          flash,
        });
      }),
    )
    .post("/repos/:id/scans", ({ request, params, body }) =>
      withForm(deps, request, body, async (ctx, form) => {
        const ref = form.get("ref")?.trim() ?? "";
        try {
          // A browser starts scans under the same plan bucket as the API, so the dashboard is no way around it.
          const admit = () => {
            const decision = deps.limiter.take([planBucket(deps.config.rateLimits, ctx.account)]);
            if (!decision.allowed) throw rateLimited(decision);
          };
          const scan = await startScan(deps, ctx.account.id, { repoId: params.id, ref: ref || undefined, threshold: undefined, trigger: "repo" }, admit);
          return redirect(`/scans/${scan.id}`);
        } catch (e) {
          // A missing repository is the 404 page; any other refusal is shown by the button it answers.
          if (!(e instanceof AppError) || e.code === "not_found") throw e;
          const data = await loadHistory(deps.db, ctx.account, params.id, { after: null, cursor: undefined, verdict: undefined });
          const retry = e.headers["retry-after"];
          // The API's "see Retry-After" means nothing in a browser: say how long instead.
          const error = e.code === "rate_limited" && retry ? `rate limit exceeded; retry in ${retry} seconds` : e.message;
          return page(ctx, `${data.repo.name}: scan not started`, historyPage({ ...data, role: ctx.session.user.role, scanForm: { ref, error } }, csrfField(ctx.session)), {
            status: e.status,
            headers: e.headers,
            current: "/repos",
          });
        }
      }),
    );
};
