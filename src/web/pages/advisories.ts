// The advisory database: counts per ecosystem, import provenance, curated symbol counts, the
// upload form (operator account's admins, through the API's own upload service), and a local
// detail page per advisory (no outside links: the dashboard works air-gapped).
import { Elysia } from "elysia";
import type { ApiDeps } from "../../api/deps.ts";
import { checkCsrf, csrfField, CSRF_FIELD, loadSession } from "../session.ts";
import { checkOrigin, errorPage, redirect, requireRole, WebError, WebRedirect, webContext } from "../http.ts";
import { page, withSession, type Ctx } from "./respond.ts";
import type { DB } from "../../store/database.ts";
import { AppError } from "../../errors.ts";
import type { ImportRow } from "../../scan/advisories/import.ts";
import { databaseStatus, type DatabaseStatus } from "../../scan/advisories/status.ts";
import type { NormalisedAdvisory } from "../../scan/advisories/osv.ts";
import { operatorAccountId } from "../../accounts/operator.ts";
import { assertOperator, importUpload, saveStream, tooLarge, type UploadDeps, type UploadResult } from "../../api/advisories/upload.ts";
import { html, type SafeHtml } from "../html.ts";
import { DEFAULT_MULTIPART_LIMITS, multipartBoundary, saveMultipart } from "../multipart.ts";
import { when } from "./parts.ts";

export interface AdvisoriesPageData {
  /** What `GET /v1/advisories/status` and `reachd advisories status` show. */
  status: DatabaseStatus;
  /** Admin of the operator account: may upload. */
  canUpload: boolean;
  result?: UploadResult;
  error?: { message: string; details: { field: string; issue: string }[] };
  /** The upload cap (REACHD_UPLOAD_MAX_MB), told up front and checked by app.js before sending. */
  maxUploadBytes?: number;
}

export async function loadAdvisoriesPage(db: DB, session: { accountId: string; role: string }): Promise<Omit<AdvisoriesPageData, "result" | "error">> {
  const [status, operator] = await Promise.all([databaseStatus(db), operatorAccountId(db)]);
  return { status, canUpload: session.role === "admin" && session.accountId === operator };
}

/**
 * The form's file (a Blob) or a raw request body (a stream, never held in memory), imported by
 * the API's upload service.
 */
export async function uploadAdvisories(
  deps: UploadDeps & { maxBytes: number },
  accountId: string,
  upload: Blob | ReadableStream<Uint8Array>,
  name: string | undefined,
): Promise<UploadResult> {
  if (upload instanceof Blob && upload.size > deps.maxBytes) throw tooLarge(deps.maxBytes);
  const stream = upload instanceof Blob ? upload.stream() : upload;
  return importUpload(deps, accountId, safeUploadName(name), (file) => saveStream(stream, file, deps.maxBytes));
}

/** The provenance name of an upload: the file's name with anything unusual made `_`. */
const safeUploadName = (name: string | null | undefined): string => (name ? name.replace(/[^\w.\-]/g, "_").slice(0, 100) : "upload");

function importRow(r: ImportRow): SafeHtml {
  return html`<tr>
  <th scope="row">${r.id}</th>
  <td class="source">${r.source}</td>
  <td>${when(r.finished_at ?? r.started_at)}</td>
  <td class="num">${r.records}</td><td class="num">${r.inserted}</td><td class="num">${r.updated}</td><td class="num">${r.unchanged}</td>
  <td class="num">${r.withdrawn}</td><td class="num">${r.skipped}</td><td class="num">${r.errors}</td>
</tr>`;
}

function resultHtml(r: UploadResult): SafeHtml {
  return html`<section class="notice" role="status" aria-labelledby="result-heading">
  <h2 id="result-heading">Import ${r.import_id} finished</h2>
  <p>${r.records} records read: ${r.inserted} new, ${r.updated} updated, ${r.unchanged} unchanged, ${r.withdrawn} withdrawn, ${r.skipped} skipped (other ecosystems), ${r.errors} with errors.
  ${r.reevaluation.queued > 0 ? `${r.reevaluation.queued} repositories are being re-evaluated against the new data.` : ""}</p>
  ${r.error_sample.length > 0 ? html`<ul class="errors">${r.error_sample.map((e) => html`<li><code>${e.id ?? e.entry}</code>: ${e.error}</li>`)}</ul>` : ""}
</section>`;
}

export function advisoriesPage(data: AdvisoriesPageData, csrf: SafeHtml): SafeHtml {
  const { status } = data;
  const curated = status.curated_symbols;
  return html`<h1>Advisory database</h1>
${data.result ? resultHtml(data.result) : ""}
${
  data.error
    ? html`<div class="form-error" role="alert"><p>${data.error.message}</p>${data.error.details.length > 0 ? html`<ul>${data.error.details.map((d) => html`<li><code>${d.field}</code>: ${d.issue}</li>`)}</ul>` : ""}</div>`
    : ""
}
<dl class="facts">
  <div><dt>Advisories</dt><dd>${status.total}</dd></div>
  <div><dt>npm</dt><dd>${status.by_ecosystem.npm}</dd></div>
  <div><dt>PyPI</dt><dd>${status.by_ecosystem.PyPI}</dd></div>
  <div><dt>Curated symbol entries</dt><dd>${curated.entries}${Object.keys(curated.by_source).length > 0 ? html` <span class="sub">(${Object.entries(curated.by_source).map(([s, n]) => `${s}: ${n}`).join(", ")})</span>` : ""}</dd></div>
  <div><dt>Last import</dt><dd>${status.last_import ? html`<span class="source">${status.last_import.source}</span>, ${when(status.last_import.finished_at ?? status.last_import.started_at)}` : "never"}</dd></div>
</dl>
${
  status.imports.length === 0
    ? html`<p class="empty-state">No import has run yet.</p>`
    : html`<div class="table-wrap"><table class="imports">
  <caption>Recent imports, newest first</caption>
  <thead><tr><th scope="col">Import</th><th scope="col">Source</th><th scope="col">Finished</th><th scope="col">Records</th><th scope="col">New</th><th scope="col">Updated</th><th scope="col">Unchanged</th><th scope="col">Withdrawn</th><th scope="col">Skipped</th><th scope="col">Errors</th></tr></thead>
  <tbody>${status.imports.map(importRow)}</tbody>
</table></div>`
}
${
  data.canUpload
    ? html`<form method="post" action="/advisories/import" enctype="multipart/form-data" class="card upload-form">
  <h2>Upload advisories</h2>
  ${csrf}
  <p>An OSV JSON file, a legacy Node.js security-wg JSON file, or an osv.dev <code>all.zip</code> export. Records are imported idempotently; every repository's latest scan is then re-evaluated.</p>
  <div class="field"><label for="upload-file">Export file</label>
  <input id="upload-file" name="file" type="file" accept=".json,.zip,application/json,application/zip" required${data.maxUploadBytes ? html` data-max-bytes="${data.maxUploadBytes}" aria-describedby="upload-file-hint"` : ""}>
  ${data.maxUploadBytes ? html`<p class="hint" id="upload-file-hint">Up to ${Math.floor(data.maxUploadBytes / 1024 / 1024)} MiB.</p>` : ""}
  <p class="field-error" id="upload-file-error" role="alert" hidden></p></div>
  <button type="submit">Import</button>
</form>`
    : html`<p class="muted">Uploading advisories is reserved to admins of the operator account; the CLI's <code>reachd advisories import</code> does the same on the server.</p>`
}`;
}

export async function loadAdvisory(db: DB, id: string): Promise<NormalisedAdvisory> {
  const row = await db.selectFrom("advisories").select("record").where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("not_found", "advisory not found in the local database");
  return JSON.parse(row.record) as NormalisedAdvisory;
}

export function advisoryPage(a: NormalisedAdvisory): SafeHtml {
  // Plain text, not links: the dashboard never sends anyone off the (possibly air-gapped) network.
  const refs = a.references ?? [];
  return html`<p class="breadcrumb"><a href="/advisories">Advisory database</a> / ${a.id}</p>
<h1>${a.id}</h1>
<p class="lead">${a.summary || "(no summary)"}</p>
<dl class="facts">
  <div><dt>Severity</dt><dd><span class="badge badge-sev-${a.severity.label}">${a.severity.label}</span>${a.severity.score !== null ? ` CVSS ${a.severity.score}` : ""}</dd></div>
  ${a.severity.vector ? html`<div><dt>Vector</dt><dd><code>${a.severity.vector}</code></dd></div>` : ""}
  <div><dt>Aliases</dt><dd>${a.aliases.length > 0 ? a.aliases.join(", ") : "—"}</dd></div>
  <div><dt>Published</dt><dd>${when(a.published)}</dd></div>
  <div><dt>Modified</dt><dd>${when(a.modified)}</dd></div>
</dl>
<h2>Details</h2>
<pre class="details">${a.details || "(no details)"}</pre>
<h2>Affected packages</h2>
<div class="table-wrap"><table class="affected">
  <caption>Affected versions, per package</caption>
  <thead><tr><th scope="col">Package</th><th scope="col">Ranges</th><th scope="col">Vulnerable symbols</th></tr></thead>
  <tbody>${a.affected.map(
    (af) => html`<tr>
    <th scope="row">${af.ecosystem} <code>${af.name}</code></th>
    <td>${af.ranges.length === 0 && af.versions.length > 0 ? html`<span>${af.versions.length} listed versions</span>` : ""}<ul class="ranges">${af.ranges.map(
      (r) => html`<li>${r.events.map((e) => html`<span class="event">${e.kind} <code>${e.version}</code></span> `)}</li>`,
    )}</ul></td>
    <td>${af.imports.length === 0 ? html`<span class="muted">not known (package level)</span>` : html`<ul>${af.imports.map((i) => html`<li><code>${i.path}</code>${i.symbols.length > 0 ? `: ${i.symbols.join(", ")}` : " (any use)"}</li>`)}</ul>`}</td>
  </tr>`,
  )}</tbody>
</table></div>
${refs.length > 0 ? html`<h2>References</h2><ul class="references">${refs.map((r) => html`<li><code>${r}</code></li>`)}</ul>` : ""}`;
}

// ---- routes ----

/** The advisories page, with an upload's result or error when there is one. */
async function renderAdvisories(deps: ApiDeps, ctx: Ctx, extra: Pick<AdvisoriesPageData, "result" | "error"> = {}, status = 200): Promise<Response> {
  const data = await loadAdvisoriesPage(deps.db, { accountId: ctx.account.id, role: ctx.session.user.role });
  return page(ctx, "Advisory database", advisoriesPage({ ...data, ...extra, maxUploadBytes: deps.config.uploadMaxBytes }, csrfField(ctx.session)), {
    status,
    current: "/advisories",
  });
}

export const advisoryPages = (deps: ApiDeps) => {
  return (
    new Elysia({ name: "reachd-web-advisories" })
      .use(webContext(deps))
      .get("/advisories", ({ request }) => withSession(deps, request, (ctx) => renderAdvisories(deps, ctx)))
      .get("/advisories/:id", ({ request, params }) =>
        withSession(deps, request, async (ctx) => page(ctx, params.id, advisoryPage(await loadAdvisory(deps.db, params.id)), { current: "/advisories" })),
      )
  );
};

/**
 * The upload: multipart (the form's file) or a raw OSV body with the token in X-CSRF-Token. Its
 * own plugin without webContext: the body is read here as a stream, never parsed by the
 * framework (a form parser hook would consume it), so errors are turned into pages here too.
 */
export const advisoryUpload = (deps: ApiDeps) => {
  const uploadDeps = { db: deps.db, dataDir: deps.config.dataDir, reeval: deps.reeval, maxBytes: deps.config.uploadMaxBytes };
  const handle = (request: Request) =>
    withSession(deps, request, async (ctx) => {
      checkOrigin(request);
      // Who may upload is settled before any of the body is read.
      requireRole(ctx.session, "admin");
      await assertOperator(deps.db, ctx.account.id);
      const type = request.headers.get("content-type") ?? "";
      const refused = () =>
        new WebError(403, "Form expired", "The form's security token is missing or wrong. Go back, reload the page and try again.");
      try {
        if (/^multipart\//i.test(type)) {
          const boundary = multipartBoundary(type);
          if (!boundary || !request.body) throw new AppError("validation_failed", "the upload is not a multipart form", [{ field: "body", issue: "no boundary" }]);
          const body = request.body;
          let filename: string | null = null;
          const result = await importUpload(uploadDeps, ctx.account.id, () => safeUploadName(filename), async (file) => {
            const got = await saveMultipart(body, boundary, file, {
              fileField: "file",
              limits: { ...DEFAULT_MULTIPART_LIMITS, maxFileBytes: uploadDeps.maxBytes },
              // No byte of the file reaches the disk before the form's token is known good.
              beforeFile: (fields) => {
                if (!checkCsrf(ctx.session, new URLSearchParams([[CSRF_FIELD, fields.get(CSRF_FIELD) ?? ""]]))) throw refused();
              },
            });
            if (!checkCsrf(ctx.session, new URLSearchParams([[CSRF_FIELD, got.fields.get(CSRF_FIELD) ?? ""]]))) throw refused();
            if (got.filename === null || got.size === 0) throw new AppError("validation_failed", "Choose a file to upload.", []);
            filename = got.filename;
            return got.size;
          });
          return await renderAdvisories(deps, ctx, { result }, 200);
        }
        if (!checkCsrf(ctx.session, new URLSearchParams([[CSRF_FIELD, request.headers.get("x-csrf-token") ?? ""]]))) throw refused();
        if (!request.body) return renderAdvisories(deps, ctx, { error: { message: "Choose a file to upload.", details: [] } }, 400);
        const name = new URL(request.url).searchParams.get("name") ?? undefined;
        return await renderAdvisories(deps, ctx, { result: await uploadAdvisories(uploadDeps, ctx.account.id, request.body, name) }, 200);
      } catch (e) {
        // Refusals are error pages; a bad file is shown on the form, with what was wrong.
        if (!(e instanceof AppError) || e.code === "insufficient_scope") throw e;
        return renderAdvisories(deps, ctx, { error: { message: e.message, details: e.details } }, e.status);
      }
    });
  return new Elysia({ name: "reachd-web-advisory-upload" }).post(
    "/advisories/import",
    async ({ request }) => {
      try {
        return await handle(request);
      } catch (e) {
        if (e instanceof WebRedirect) return redirect(e.location);
        if (e instanceof WebError) return errorPage(e, await loadSession(request, deps.db));
        throw e;
      }
    },
    // A parser that reads nothing: a global parse hook would otherwise make `parse: "none"` moot.
    { parse: () => "deferred" },
  );
};
