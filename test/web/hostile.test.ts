// Hostile text in every place the dashboard renders stored or echoed data that the other page
// tests do not already cover: default branches, refs, commit ids and scan errors; every finding
// field; advisory packages, versions, symbols, aliases, vectors; import sources and upload
// results; flash messages and error pages; and the redirect targets of sign-in.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openStore, type Store } from "../../src/store/database.ts";
import { createAccount } from "../../src/accounts/service.ts";
import { OPERATOR_KEY } from "../../src/accounts/operator.ts";
import { importEntries } from "../../src/scan/advisories/import.ts";
import { newId } from "../../src/ids.ts";
import type { Account } from "../../src/store/tables.ts";
import { escapeHtml, html } from "../../src/web/html.ts";
import { errorPage, safeNext, WebError } from "../../src/web/http.ts";
import { layout } from "../../src/web/layout.ts";
import { loadRepoRows, reposPage, emptyConnectForm } from "../../src/web/pages/repos.ts";
import { historyPage, loadHistory } from "../../src/web/pages/scans.ts";
import { loadScanPage, parseFilter, scanPage } from "../../src/web/pages/scan.ts";
import { advisoriesPage, advisoryPage, loadAdvisoriesPage, loadAdvisory } from "../../src/web/pages/advisories.ts";
import { cleanup, tempDir } from "../support/server.ts";

/** Breaks out of text, of a quoted attribute, and of a single-quoted one. */
const XSS = `<script>alert("x")</script><img src=x onerror=alert(1)>'"\``;
const ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&quot;&#96;";
const csrf = html`<input type="hidden" name="_csrf" value="t">`;

let store: Store;
let dir: string;
let account: Account;
let repoId: string;
let scanId: string;
let failedId: string;

/** No markup from the payload survives; its text does, escaped, `times` times at least. */
function inert(page: string, times = 1): void {
  expect(page).not.toContain("<script>alert");
  expect(page).not.toContain("<img src=x");
  expect(page.split(ESCAPED).length - 1).toBeGreaterThanOrEqual(times);
}

beforeAll(async () => {
  dir = tempDir("reachd-hostile-");
  store = await openStore(dir);
  account = await createAccount(store.db, { name: "acme", plan: "team" });
  await store.db.insertInto("meta").values({ key: OPERATOR_KEY, value: account.id }).execute();
  repoId = newId("repo");
  // Rows as a compromised or buggy writer could leave them: the pages must not trust them.
  await store.db
    .insertInto("repos")
    .values({ id: repoId, account_id: account.id, name: "acme/webapp", provider: "local", url: null, path: dir, default_branch: XSS, credential: null, created_at: "2026-11-23T09:00:00Z", last_scan_at: "2026-11-23T09:05:00Z" })
    .execute();
  const scan = (id: string, over: Record<string, unknown>) => ({
    id, account_id: account.id, repo_id: repoId, ref: XSS, commit_sha: XSS, status: "complete", verdict: "block", threshold_severity: "low",
    threshold_reachable_only: 0, trigger: "api", created_at: "2026-11-23T09:00:00Z", started_at: "2026-11-23T09:00:01Z", completed_at: "2026-11-23T09:00:03Z",
    duration_ms: 2100, total_advisories: 1, reachable_count: 1, error_code: null, error_message: null, attempts: 1, stats: null, ...over,
  });
  scanId = newId("scan");
  failedId = newId("scan");
  await store.db.insertInto("scans").values([scan(scanId, {}), scan(failedId, { status: "failed", verdict: null, error_code: XSS, error_message: `git said: ${XSS}` })]).execute();
  await store.db
    .insertInto("findings")
    .values({
      id: newId("fnd"), scan_id: scanId, advisory_id: XSS, cve_id: XSS, aliases: JSON.stringify([XSS]), summary: XSS, ecosystem: "npm",
      package: XSS, version: XSS, severity: "high", cvss_score: 7.2, fix_version: XSS, reachable: 0, level: "unknown",
      score: 0.5, reason: XSS, symbols: JSON.stringify([XSS]), direct: 0, chain: JSON.stringify(["app", XSS, "lodash"]), risk: 3, reported: 1,
      call_paths: JSON.stringify([`${XSS}.js:main -> ${XSS}`]),
    })
    .execute();
  const record = {
    id: "GHSA-host-0000-0000", modified: "2026-01-02T00:00:00Z", aliases: [XSS], summary: "s", details: "d",
    severity: [{ type: "CVSS_V3", score: `CVSS:3.1/AV:N/${XSS}` }],
    affected: [{ package: { ecosystem: "npm", name: XSS }, ranges: [{ type: "SEMVER", events: [{ introduced: XSS }, { fixed: XSS }] }],
      ecosystem_specific: { imports: [{ path: XSS, symbols: [XSS] }] } }],
  };
  await importEntries(store.db, [{ entry: "x.json", value: record }], { source: `cli:${XSS}` });
});

afterAll(async () => {
  await store?.close();
  cleanup(dir);
});

describe("hostile stored text renders inert", () => {
  test("repository list and history: default branch, refs and commit ids", async () => {
    const rows = await loadRepoRows(store.db, account, null);
    inert(String(reposPage({ ...rows, role: "member", localRoots: [], form: emptyConnectForm() }, csrf)));
    const data = await loadHistory(store.db, account, repoId, { after: null, cursor: undefined, verdict: undefined });
    // Branch (facts and the ref placeholder), then ref and commit in both rows.
    inert(String(historyPage({ ...data, role: "member" }, csrf)), 5);
  });

  test("a refused Scan now echoes the typed ref and the message inert", async () => {
    const data = await loadHistory(store.db, account, repoId, { after: null, cursor: undefined, verdict: undefined });
    inert(String(historyPage({ ...data, role: "member", scanForm: { ref: XSS, error: XSS } }, csrf)), 7);
  });

  test("scan page: every finding field, the chain, the reason, the call path; a failed scan's error", async () => {
    const page = String(scanPage(await loadScanPage(store.db, account, scanId, parseFilter({}))));
    // ref, commit, the CVE (the same text as the advisory id, so shown once), summary, package,
    // version, chain, fix, reason, two call-path steps
    inert(page, 11);
    expect(page).toContain(`<a href="/advisories/${escapeHtml(encodeURIComponent(XSS))}">`);
    const failed = String(scanPage(await loadScanPage(store.db, account, failedId, parseFilter({}))));
    expect(failed).toContain(`<p class="form-error" role="alert">${ESCAPED}: git said: ${ESCAPED}</p>`);
  });

  test("advisory page: package, range versions, import paths and symbols, aliases, the vector", async () => {
    const a = await loadAdvisory(store.db, "GHSA-host-0000-0000");
    inert(String(advisoryPage(a)), 6);
  });

  test("advisory database: the import source, an upload's error sample and error details", async () => {
    const base = await loadAdvisoriesPage(store.db, { accountId: account.id, role: "admin" });
    inert(String(advisoriesPage(base, csrf)), 2); // last import and the imports table
    const result = {
      import_id: 9, source: "upload:x", started_at: "", finished_at: "", records: 1, inserted: 0, updated: 0, unchanged: 0, withdrawn: 0, removed: 0, skipped: 0, errors: 1,
      error_sample: [{ entry: XSS, id: XSS, error: XSS }], reevaluation: { queued: 0 },
    };
    inert(String(advisoriesPage({ ...base, result: result as never }, csrf)), 4);
    inert(String(advisoriesPage({ ...base, error: { message: XSS, details: [{ field: XSS, issue: XSS }] } }, csrf)), 5);
  });
});

describe("echoed text and redirects", () => {
  test("flash messages, page titles and error pages escape what they echo", async () => {
    inert(String(layout({ title: XSS, session: null, body: html`<p>${XSS}</p>`, flash: { kind: "error", message: XSS } })), 3);
    const res = errorPage(new WebError(400, XSS, XSS), null);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    inert(await res.text(), 3);
  });

  test("next= never leaves the site, however it is spelled", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "\\\\evil.example", "/\t/evil.example", "/\n/evil.example", "javascript:alert(1)", " /x", "%2F%2Fevil.example", "/" + "a".repeat(600)]) {
      expect(safeNext(bad)).toBe("/");
    }
    // Encoded slashes stay inside the path: the browser asks this server for /%2F%2Fevil.example.
    expect(safeNext("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeNext("/repos?cursor=x")).toBe("/repos?cursor=x");
  });
});
