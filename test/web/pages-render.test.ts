// The repository, scan and advisory pages below HTTP: their loaders over a real SQLite store,
// the connect form over real git repositories, and their rendering of hostile stored text.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { openStore, type Store } from "../../src/store/database.ts";
import { createAccount } from "../../src/accounts/service.ts";
import { OPERATOR_KEY } from "../../src/accounts/operator.ts";
import { importEntries } from "../../src/scan/advisories/import.ts";
import { newId } from "../../src/ids.ts";
import { decodeCursor } from "../../src/api/cursor.ts";
import type { Account } from "../../src/store/tables.ts";
import { html } from "../../src/web/html.ts";
import { emptyConnectForm, loadRepoRows, reposPage, submitConnect } from "../../src/web/pages/repos.ts";
import { historyPage, loadHistory } from "../../src/web/pages/scans.ts";
import { callPathHtml, loadScanPage, parseFilter, scanPage } from "../../src/web/pages/scan.ts";
import { advisoriesPage, advisoryPage, loadAdvisoriesPage, loadAdvisory, uploadAdvisories } from "../../src/web/pages/advisories.ts";
import { cleanup, tempDir } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";

const XSS = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
const csrf = html`<input type="hidden" name="_csrf" value="t">`;

let store: Store;
let dir: string;
let roots: string;
let account: Account;
let other: Account;
let connect: Parameters<typeof submitConnect>[0];

/** No tag from the payload survives as markup; its text does, escaped. */
function inert(page: string): void {
  expect(page).not.toContain("<script>alert");
  expect(page).not.toContain("<img src=x");
  expect(page).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
}

beforeAll(async () => {
  dir = tempDir("reachd-web-");
  roots = tempDir("reachd-roots-");
  store = await openStore(dir);
  account = await createAccount(store.db, { name: "acme", plan: "team" });
  other = await createAccount(store.db, { name: "other", plan: "pro" });
  await store.db.insertInto("meta").values({ key: OPERATOR_KEY, value: account.id }).execute();
  makeRepo(join(roots, "webapp"), { "index.js": "console.log(1)\n" }, "trunk");
  connect = { db: store.db, localRoots: [roots], secretKey: new Uint8Array(32), probeTimeoutMs: 30_000 };
});

afterAll(async () => {
  await store?.close();
  cleanup(dir, roots);
});

describe("connect form", () => {
  test("a name that is not owner/name is an error on the name field; input kept, token never echoed", async () => {
    const out = await submitConnect(connect, account, { name: `bad ${XSS}`, provider: "local", path: join(roots, "webapp"), token: "s3cret-token" });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.status).toBe(400);
    expect(out.form.errors.name).toContain("name");
    expect(out.form.values.path).toBe(join(roots, "webapp"));
    const page = String(reposPage({ rows: [], total: 0, nextCursor: null, role: "member", localRoots: [roots], form: out.form }, csrf));
    inert(page);
    expect(page).not.toContain("s3cret-token");
    expect(page).toContain('aria-describedby="connect-name-error"');
    expect(page).toMatch(/<p class="field-error" id="connect-name-error"[^>]*>name /);
  });

  test("an unknown provider is refused by the API's own schema, on the provider field", async () => {
    const out = await submitConnect(connect, account, { name: "acme/x", provider: "svn" });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.form.errors.provider).toBe("must be one of github, gitlab, bitbucket, gitea, git, local");
  });

  test("a local path outside REACHD_LOCAL_ROOTS is an error on the path field", async () => {
    const out = await submitConnect(connect, account, { name: "acme/etc", provider: "local", path: "/etc" });
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.form.errors.path).toBeString();
      expect(out.form.errors.name).toBeUndefined();
    }
  });

  test("a real repository under the roots connects with its own default branch; a second connect is a conflict on the name", async () => {
    const out = await submitConnect(connect, account, { name: "acme/webapp", provider: "local", path: join(roots, "webapp"), default_branch: "" });
    expect(out.ok).toBe(true);
    if (out.ok) expect(out.repo.default_branch).toBe("trunk");
    const again = await submitConnect(connect, account, { name: "acme/webapp", provider: "local", path: join(roots, "webapp") });
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.status).toBe(409);
      expect(again.form.errors.name).toContain("already connected");
    }
  });
});

describe("pages over stored data", () => {
  let repoId: string;
  let scanId: string;

  beforeAll(async () => {
    // The API refuses such a name; a row written by anything else must still render inert.
    repoId = newId("repo");
    await store.db
      .insertInto("repos")
      .values({ id: repoId, account_id: account.id, name: `acme/${XSS}`, provider: "local", url: null, path: roots, default_branch: "main", credential: null, created_at: "2026-11-23T09:00:00Z", last_scan_at: "2026-11-23T09:05:00Z" })
      .execute();
    scanId = newId("scan");
    await store.db
      .insertInto("scans")
      .values({ id: scanId, account_id: account.id, repo_id: repoId, ref: "main", commit_sha: "a".repeat(40), status: "complete", verdict: "block", threshold_severity: "low", threshold_reachable_only: 0, trigger: "api", created_at: "2026-11-23T09:00:00Z", started_at: "2026-11-23T09:00:01Z", completed_at: "2026-11-23T09:00:03Z", duration_ms: 2100, total_advisories: 2, reachable_count: 1, error_code: null, error_message: null, attempts: 1, stats: null })
      .execute();
    const finding = (id: string, over: Record<string, unknown>) => ({
      id, scan_id: scanId, advisory_id: "GHSA-xss0-0000-0000", cve_id: "CVE-2099-9999", aliases: "[]", summary: XSS, ecosystem: "npm",
      package: "lodash", version: "4.17.20", severity: "high", cvss_score: 7.2, fix_version: "4.17.21", reachable: 1, level: "function",
      score: 1, reason: null, symbols: '["lodash.template"]', direct: 1, chain: '["app","lodash"]', risk: 3, reported: 1,
      call_paths: JSON.stringify([`src/${XSS}.js:main -> src/${XSS}.js:7 -> lodash.template`, "src/b.js:run -> src/b.js:3 -> lodash.template"]),
      ...over,
    });
    await store.db.insertInto("findings").values([
      finding(newId("fnd"), {}),
      finding(newId("fnd"), { advisory_id: "GHSA-low0-0000-0000", cve_id: null, severity: "low", reachable: 0, level: "unknown", score: 0.5, reason: "the dependency's code is not in the repository", call_paths: "[]", risk: 0.5 }),
    ]).execute();
  });

  test("the repository list shows provider, branch, last scan and the latest verdict, with the hostile name inert", async () => {
    const rows = await loadRepoRows(store.db, account, null);
    const mine = rows.rows.find((r) => r.repo.id === repoId)!;
    expect(mine.latest?.verdict).toBe("block");
    const page = String(reposPage({ ...rows, role: "viewer", localRoots: [roots], form: emptyConnectForm() }, csrf));
    inert(page);
    expect(page).toContain('<span class="badge badge-block">Block</span>');
    expect(page).toContain("2026-11-23 09:05 UTC");
    // A viewer gets neither the connect form nor scan buttons.
    expect(page).not.toContain('action="/repos"');
    expect(page).not.toContain("Scan now");
    expect((await loadRepoRows(store.db, other, null)).rows).toHaveLength(0);
  });

  test("the repository list pages with the API's keyset cursors", async () => {
    const many = await createAccount(store.db, { name: "many", plan: "team" });
    for (let i = 0; i < 23; i++) {
      await store.db
        .insertInto("repos")
        .values({ id: newId("repo"), account_id: many.id, name: `acme/r${i}`, provider: "local", url: null, path: roots, default_branch: "main", credential: null, created_at: "2026-11-23T09:00:00Z", last_scan_at: null })
        .execute();
    }
    const first = await loadRepoRows(store.db, many, null);
    expect(first.rows).toHaveLength(20);
    expect(first.total).toBe(23);
    const firstPage = String(reposPage({ ...first, role: "viewer", localRoots: [], form: emptyConnectForm() }, csrf));
    expect(firstPage).toContain(`<a href="/repos?cursor=${first.nextCursor}">Next page</a>`);
    expect(firstPage).not.toContain("First page");
    const second = await loadRepoRows(store.db, many, decodeCursor(first.nextCursor!, "repo"));
    expect(second.rows.map((r) => r.repo.name)).toEqual(["acme/r2", "acme/r1", "acme/r0"]);
    expect(second.nextCursor).toBeNull();
    const secondPage = String(reposPage({ ...second, role: "viewer", localRoots: [], form: emptyConnectForm(), cursor: first.nextCursor! }, csrf));
    expect(secondPage).toContain('<a href="/repos">First page</a>');
    expect(secondPage).not.toContain("Next page");
  });

  test("an account without repositories gets the empty state with the API alternative", () => {
    const page = String(reposPage({ rows: [], total: 0, nextCursor: null, role: "member", localRoots: [roots], form: emptyConnectForm() }, csrf));
    expect(page).toContain("No repositories yet");
    expect(page).toContain("curl -X POST");
    expect(page).toContain(`${roots}/webapp`);
    expect(page).toContain('action="/repos"');
  });

  test("scan history is account-scoped; another account's repository is not found", async () => {
    const data = await loadHistory(store.db, account, repoId, { after: null, cursor: undefined, verdict: undefined });
    expect(data.scans.map((s) => s.id)).toEqual([scanId]);
    inert(String(historyPage({ ...data, role: "member" }, csrf)));
    expect((await loadHistory(store.db, account, repoId, { after: null, cursor: undefined, verdict: "pass" })).scans).toHaveLength(0);
    await expect(loadHistory(store.db, other, repoId, { after: null, cursor: undefined, verdict: undefined })).rejects.toThrow("repository not found");
  });

  test("the scan page lists findings in risk order with every call path as file:line steps, hostile paths inert", async () => {
    const data = await loadScanPage(store.db, account, scanId, parseFilter({}));
    expect(data.findings?.map((f) => f.severity)).toEqual(["high", "low"]);
    const page = String(scanPage(data));
    inert(page);
    expect(page).toContain('<a href="/advisories/GHSA-xss0-0000-0000">CVE-2099-9999</a>');
    expect(page).toContain("Path 2");
    expect(page).toContain("<li><code>src/&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;.js:7</code></li>");
    expect(page).toContain("the dependency&#39;s code is not in the repository");
    expect(page).toContain('href="/scans/' + scanId + '/export?format=sarif"');
    const reachable = await loadScanPage(store.db, account, scanId, parseFilter({ reachable: "true", level: "bogus" }));
    expect(reachable.findings).toHaveLength(1);
    expect(reachable.filter).toEqual({ reachable: "true" });
    await expect(loadScanPage(store.db, other, scanId, parseFilter({}))).rejects.toThrow("scan not found");
  });

  test("a queued or running scan in the history is marked for live status, with a reload link for no-JS browsers", async () => {
    const data = await loadHistory(store.db, account, repoId, { after: null, cursor: undefined, verdict: undefined });
    const running = { ...data.scans[0]!, id: "scan_running", status: "running" as const, verdict: null };
    const live = String(historyPage({ ...data, scans: [running, ...data.scans], role: "viewer" }, csrf));
    expect(live).toContain('<tr data-live-scan="scan_running" data-status="running">');
    expect(live).toContain(`<a href="/repos/${repoId}">Reload now</a>`);
    const still = String(historyPage({ ...data, role: "viewer" }, csrf));
    expect(still).not.toContain("data-live-scan");
    expect(still).not.toContain("Reload now");
  });

  test("a call path is an ordered list ending at the vulnerable symbol", () => {
    const out = String(callPathHtml("src/server.js:main -> src/routes/report.js:4 -> lodash.template"));
    expect(out).toBe(
      '<ol class="callpath" aria-label="Call path, 3 steps"><li><code>src/server.js:main</code></li><li><code>src/routes/report.js:4</code></li><li class="sink"><code>lodash.template</code></li></ol>',
    );
  });
});

describe("advisory database", () => {
  beforeAll(async () => {
    const record = {
      id: "GHSA-xss0-0000-0000", modified: "2026-01-02T00:00:00Z", published: "2026-01-01T00:00:00Z", aliases: ["CVE-2099-9999"],
      summary: XSS, details: `Details ${XSS}\nsecond line`,
      affected: [{ package: { ecosystem: "npm", name: "lodash" }, ranges: [{ type: "SEMVER", events: [{ introduced: "0" }, { fixed: "4.17.21" }] }],
        ecosystem_specific: { imports: [{ path: "lodash", symbols: ["template"] }] } }],
      references: [{ type: "WEB", url: "javascript:alert(1)" }, { type: "ADVISORY", url: `https://example.test/${XSS}` }, { type: "WEB" }],
    };
    const summary = await importEntries(store.db, [{ entry: "xss.json", value: record }], { source: "test:xss" });
    expect(summary.inserted).toBe(1);
  });

  test("the detail page shows summary, details, aliases and ranges from the local record, all inert", async () => {
    const page = String(advisoryPage(await loadAdvisory(store.db, "GHSA-xss0-0000-0000")));
    inert(page);
    expect(page).toContain("CVE-2099-9999");
    expect(page).toContain("fixed <code>4.17.21</code>");
    expect(page).toContain("<code>lodash</code>: template");
    expect(page).not.toMatch(/href="(https?|javascript):/);
    expect(page).toContain("<li><code>javascript:alert(1)</code></li>");
    expect(page).toContain("<li><code>https://example.test/&lt;script&gt;");
    await expect(loadAdvisory(store.db, "GHSA-none")).rejects.toThrow("advisory not found");
  });

  test("the status page counts per ecosystem and shows the last import; only the operator's admins get the upload form", async () => {
    const admin = await loadAdvisoriesPage(store.db, { accountId: account.id, role: "admin" });
    expect(admin.canUpload).toBe(true);
    expect(admin.status.by_ecosystem.npm).toBeGreaterThanOrEqual(1);
    const page = String(advisoriesPage(admin, csrf));
    expect(page).toContain("test:xss");
    expect(page).toContain('enctype="multipart/form-data"');
    expect((await loadAdvisoriesPage(store.db, { accountId: account.id, role: "member" })).canUpload).toBe(false);
    expect((await loadAdvisoriesPage(store.db, { accountId: other.id, role: "admin" })).canUpload).toBe(false);
  });

  test("an upload goes through the API's import service: the operator imports, another account is refused, garbage is a clear error", async () => {
    const file = join(dir, "one.json");
    writeFileSync(file, await Bun.file(join(import.meta.dir, "../fixtures/advisories/e2e/RDTEST-2026-0001.json")).text());
    const deps = { db: store.db, dataDir: dir, maxBytes: 1024 * 1024 };
    const result = await uploadAdvisories(deps, account.id, Bun.file(file), "one.json");
    expect(result.inserted).toBe(1);
    expect(result.source).toBe("upload:one.json");
    await expect(uploadAdvisories(deps, other.id, Bun.file(file), "one.json")).rejects.toThrow("operator account");
    await expect(uploadAdvisories(deps, account.id, new Blob(["not json {"]), "bad.json")).rejects.toThrow("no OSV record");
    await expect(uploadAdvisories({ ...deps, maxBytes: 10 }, account.id, Bun.file(file), "one.json")).rejects.toThrow("exceeds");
  });
});
