// The repository, scan and advisory pages over HTTP against the real server: every page, the
// role rules (viewer reads, member connects and scans, operator admins upload), account scoping,
// CSRF, exports, and hostile input rendered inert. Users sign in through the real sign-in form.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { readFileSync } from "node:fs";
import { cleanup, cli, startServer, tempDir, type Server } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";
import { signIn, web, type WebUser } from "../support/web-user.ts";
import { openStoreAt } from "../../src/store/database.ts";
import { newId } from "../../src/ids.ts";
import { clean, webapp } from "../e2e/projects.ts";

const ADVISORIES = resolve(import.meta.dir, "../fixtures/advisories/e2e");
const XSS = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

let server: Server;
let roots: string;
let admin: WebUser; // operator account
let member: WebUser;
let viewer: WebUser;
let outsider: WebUser; // admin of a second account
let repoId: string;
let cleanRepoId: string;
let scanId: string;

function inert(page: string): void {
  expect(page).not.toContain("<script>alert");
  expect(page).not.toContain("<img src=x");
  expect(page).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
}

async function waitComplete(user: WebUser, id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await web(server, "GET", `/scans/${id}/status.json`, { user });
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text);
    if (!["queued", "running"].includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`scan ${id} still ${body.status}`);
    await Bun.sleep(150);
  }
}

beforeAll(async () => {
  roots = tempDir("reachd-roots-");
  makeRepo(join(roots, "webapp"), webapp);
  makeRepo(join(roots, "clean"), clean);
  const dataDir = tempDir("reachd-data-");
  const init = JSON.parse((await cli(["init", "--json"], { dataDir })).stdout);
  expect((await cli(["advisories", "import", ADVISORIES, "--json"], { dataDir })).code).toBe(0);
  const user = async (account: string, email: string, role: string) => {
    const res = await cli(["users", "create", "--account", account, "--email", email, "--role", role, "--json"], { dataDir });
    expect(res.code).toBe(0);
    return JSON.parse(res.stdout).password as string;
  };
  const memberPw = await user(init.account_id, "member@acme.test", "member");
  const viewerPw = await user(init.account_id, "viewer@acme.test", "viewer");
  const other = JSON.parse((await cli(["accounts", "create", "--name", "other", "--plan", "pro", "--json"], { dataDir })).stdout);
  const outsiderPw = await user(other.account_id, "admin@other.test", "admin");

  server = await startServer({ dataDir, env: { REACHD_LOCAL_ROOTS: roots, REACHD_WORKERS: "2" } });
  admin = await signIn(server, init.admin_email, init.admin_password);
  member = await signIn(server, "member@acme.test", memberPw);
  viewer = await signIn(server, "viewer@acme.test", viewerPw);
  outsider = await signIn(server, "admin@other.test", outsiderPw);
});

afterAll(async () => {
  await server?.stop();
  cleanup(roots, server?.dataDir ?? "");
});

describe("sign-in and CSRF", () => {
  test("every page sends a signed-out browser to sign-in and back", async () => {
    for (const path of ["/repos", "/repos/repo_x", "/scans/scan_x", "/scans/scan_x/export?format=sarif", "/advisories", "/advisories/RDTEST-2026-0001"]) {
      const res = await web(server, "GET", path);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
    expect((await web(server, "GET", "/scans/scan_x/status.json")).status).toBe(401);
  });

  test("a form without the session's CSRF token is refused and changes nothing", async () => {
    const res = await web(server, "POST", "/repos", { user: member, form: { name: "acme/forged", provider: "local", path: join(roots, "clean") } });
    expect(res.status).toBe(403);
    const list = await web(server, "GET", "/repos", { user: member });
    expect(list.text).not.toContain("acme/forged");
  });
});

describe("repositories", () => {
  test("a new account sees the empty state with the connect form and the API alternative", async () => {
    const res = await web(server, "GET", "/repos", { user: member });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.text).toContain("No repositories yet");
    expect(res.text).toContain("curl -X POST");
    expect(res.text).toContain('<form method="post" action="/repos"');
    expect(res.text).toContain('<label for="connect-name">');
  });

  test("connect errors are shown next to the field with the input kept (same rules as POST /v1/repos)", async () => {
    const bad = await web(server, "POST", "/repos", { user: member, form: { _csrf: member.csrf, name: XSS, provider: "local", path: join(roots, "webapp") } });
    expect(bad.status).toBe(400);
    inert(bad.text);
    expect(bad.text).toContain('id="connect-name-error"');
    expect(bad.text).toContain(`value="${join(roots, "webapp")}"`);
    const outside = await web(server, "POST", "/repos", { user: member, form: { _csrf: member.csrf, name: "acme/etc", provider: "local", path: "/etc" } });
    expect(outside.status).toBe(422);
    expect(outside.text).toContain('id="connect-path-error"');
  });

  test("a member connects a local repository and lands on its page", async () => {
    const res = await web(server, "POST", "/repos", { user: member, form: { _csrf: member.csrf, name: "acme/webapp", provider: "local", path: join(roots, "webapp") } });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/repos\/repo_[0-9a-z]+\?connected=1$/);
    repoId = location.slice("/repos/".length, location.indexOf("?"));
    const page = await web(server, "GET", location, { user: member });
    expect(page.text).toContain("Connected acme/webapp");
    expect(page.text).toContain("No scans yet");
    const dup = await web(server, "POST", "/repos", { user: member, form: { _csrf: member.csrf, name: "acme/webapp", provider: "local", path: join(roots, "webapp") } });
    expect(dup.status).toBe(409);
    expect(dup.text).toContain("already connected");
    const second = await web(server, "POST", "/repos", { user: admin, form: { _csrf: admin.csrf, name: "acme/clean", provider: "local", path: join(roots, "clean") } });
    cleanRepoId = second.headers.get("location")!.split("/")[2]!.split("?")[0]!;
  });

  test("a viewer reads the list but gets no form, and its POSTs are refused", async () => {
    const list = await web(server, "GET", "/repos", { user: viewer });
    expect(list.text).toContain("acme/webapp");
    expect(list.text).not.toContain('action="/repos"');
    expect(list.text).not.toContain("Scan now");
    const connect = await web(server, "POST", "/repos", { user: viewer, form: { _csrf: viewer.csrf, name: "acme/v", provider: "local", path: join(roots, "clean") } });
    expect(connect.status).toBe(403);
    const scan = await web(server, "POST", `/repos/${repoId}/scans`, { user: viewer, form: { _csrf: viewer.csrf } });
    expect(scan.status).toBe(403);
    expect((await web(server, "GET", `/repos/${repoId}`, { user: viewer })).text).toContain("No scans yet");
  });

  test("another account sees neither the repository nor its page", async () => {
    expect((await web(server, "GET", "/repos", { user: outsider })).text).not.toContain(`href="/repos/${repoId}"`);
    expect((await web(server, "GET", `/repos/${repoId}`, { user: outsider })).status).toBe(404);
    const scan = await web(server, "POST", `/repos/${repoId}/scans`, { user: outsider, form: { _csrf: outsider.csrf } });
    expect(scan.status).toBe(404);
  });
});

describe("scans and findings", () => {
  test("a member starts a scan; its status is live until complete; the list shows the verdict", async () => {
    const bad = await web(server, "POST", `/repos/${repoId}/scans`, { user: member, form: { _csrf: member.csrf, ref: "--upload-pack=x" } });
    expect(bad.status).toBe(400);
    const res = await web(server, "POST", `/repos/${repoId}/scans`, { user: member, form: { _csrf: member.csrf, ref: "" } });
    expect(res.status).toBe(303);
    scanId = res.headers.get("location")!.slice("/scans/".length);
    expect(scanId).toMatch(/^scan_/);
    const done = await waitComplete(member, scanId);
    expect(done.status).toBe("complete");
    expect(done.verdict).toBe("block");
    const list = await web(server, "GET", "/repos", { user: viewer });
    expect(list.text).toContain('<span class="badge badge-block">Block</span>');
    expect((await web(server, "GET", `/scans/${scanId}/status.json`, { user: outsider })).status).toBe(404);
  });

  test("the scan page shows counts, commit and findings in order with the call path as file:line steps", async () => {
    const res = await web(server, "GET", `/scans/${scanId}`, { user: viewer });
    expect(res.status).toBe(200);
    expect(res.headers.get("refresh")).toBeNull();
    expect(res.text).toMatch(/<dt>Commit<\/dt><dd><code>[0-9a-f]{40}<\/code>/);
    expect(res.text).toContain('<a href="/advisories/RDTEST-2026-0001">CVE-2099-0001</a>');
    expect(res.text).toContain("<li><code>src/routes/report.js:4</code></li>");
    expect(res.text).toContain('<li class="sink"><code>acme-template.compile</code></li>');
    const severities = [...res.text.matchAll(/<span class="badge badge-sev-(\w+)">/g)].map((m) => m[1]);
    expect(severities[0]).toBe("critical");
    expect(severities.length).toBeGreaterThan(1);
    const reachable = await web(server, "GET", `/scans/${scanId}?reachable=true`, { user: viewer });
    expect([...reachable.text.matchAll(/<span class="badge badge-sev-/g)].length).toBeLessThan(severities.length);
    const none = await web(server, "GET", `/scans/${scanId}?level=none`, { user: viewer });
    expect(none.text).toContain('class="level level-none"');
    expect(none.text).not.toContain('class="level level-function"');
    expect((await web(server, "GET", `/scans/${scanId}`, { user: outsider })).status).toBe(404);
  });

  test("exports are the API's documents, as attachments, for the signed-in account only", async () => {
    const json = await web(server, "GET", `/scans/${scanId}/export?format=json`, { user: viewer });
    expect(json.status).toBe(200);
    expect(json.headers.get("content-disposition")).toBe(`attachment; filename="reachd-${scanId}.json"`);
    const doc = JSON.parse(json.text);
    expect(doc.scan_id).toBe(scanId);
    expect(doc.findings[0].call_path).toContain("acme-template.compile");
    const sarif = await web(server, "GET", `/scans/${scanId}/export?format=sarif`, { user: viewer });
    expect(sarif.headers.get("content-type")).toContain("application/sarif+json");
    expect(JSON.parse(sarif.text).version).toBe("2.1.0");
    const vex = await web(server, "GET", `/scans/${scanId}/export?format=openvex&reachable=false`, { user: viewer });
    expect(vex.headers.get("content-disposition")).toContain(".openvex.json");
    const statements = JSON.parse(vex.text).statements as { status: string; vulnerability: { name: string } }[];
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => s.status === "not_affected")).toBe(true);
    expect(statements.map((s) => s.vulnerability.name)).not.toContain("CVE-2099-0001");
    const cdx = await web(server, "GET", `/scans/${scanId}/export?format=cyclonedx`, { user: viewer });
    expect(JSON.parse(cdx.text).bomFormat).toBe("CycloneDX");
    expect((await web(server, "GET", `/scans/${scanId}/export?format=json`, { user: outsider })).status).toBe(404);
  });

  test("history: verdict filter and keyset pages with the API's cursors; live rows for queued scans", async () => {
    // 24 finished scans written straight into the store, so paging needs no 24 real runs.
    const store = await openStoreAt(join(server.dataDir, "reachd.db"));
    const account = (await store.db.selectFrom("repos").select("account_id").where("id", "=", cleanRepoId).executeTakeFirstOrThrow()).account_id;
    for (let i = 0; i < 24; i++) {
      await store.db
        .insertInto("scans")
        .values({ id: newId("scan"), account_id: account, repo_id: cleanRepoId, ref: "main", commit_sha: null, status: "complete", verdict: i % 3 === 0 ? "warning" : "pass", threshold_severity: "low", threshold_reachable_only: 0, trigger: "api", created_at: "2026-11-23T09:00:00Z", started_at: null, completed_at: "2026-11-23T09:00:01Z", duration_ms: 900, total_advisories: 0, reachable_count: 0, error_code: null, error_message: null, attempts: 1, stats: null })
        .execute();
    }
    await store.close();
    const first = await web(server, "GET", `/repos/${cleanRepoId}`, { user: viewer });
    expect([...first.text.matchAll(/<tr>\s*<th scope="row"><a href="\/scans\//g)]).toHaveLength(20);
    const next = /href="(\/repos\/[^"]+cursor=[^"]+)">Older scans/.exec(first.text)![1]!.replaceAll("&amp;", "&");
    const second = await web(server, "GET", next, { user: viewer });
    expect([...second.text.matchAll(/<th scope="row"><a href="\/scans\//g)]).toHaveLength(4);
    expect(second.text).not.toContain("Older scans");
    expect(second.text).toContain("First page");
    const warnings = await web(server, "GET", `/repos/${cleanRepoId}?verdict=warning`, { user: viewer });
    expect([...warnings.text.matchAll(/badge badge-warning/g)]).toHaveLength(8);
    expect(warnings.text).not.toContain("badge badge-pass");
    expect((await web(server, "GET", `/repos/${cleanRepoId}?cursor=not-a-cursor`, { user: viewer })).status).toBe(400);
    expect(first.text).not.toContain('http-equiv="refresh"');

    // A running scan: its row is polled by app.js; only browsers without scripts reload the page.
    const again = await openStoreAt(join(server.dataDir, "reachd.db"));
    const running = newId("scan");
    await again.db
      .insertInto("scans")
      .values({ id: running, account_id: account, repo_id: cleanRepoId, ref: "main", commit_sha: null, status: "running", verdict: null, threshold_severity: "low", threshold_reachable_only: 0, trigger: "api", created_at: "2026-11-23T10:00:00Z", started_at: "2026-11-23T10:00:00Z", completed_at: null, duration_ms: null, total_advisories: null, reachable_count: null, error_code: null, error_message: null, attempts: 1, stats: null })
      .execute();
    await again.close();
    for (const path of [`/repos/${cleanRepoId}`, `/scans/${running}`]) {
      const live = await web(server, "GET", path, { user: viewer });
      expect(live.headers.get("refresh")).toBeNull();
      expect(live.text).toContain('<noscript><meta http-equiv="refresh" content="5"></noscript>');
    }
  });
});

describe("advisory database", () => {
  test("every user sees counts and provenance; only the operator's admins get the upload form", async () => {
    const forAdmin = await web(server, "GET", "/advisories", { user: admin });
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.text).toContain(ADVISORIES);
    expect(forAdmin.text).toContain('enctype="multipart/form-data"');
    for (const u of [member, viewer, outsider]) {
      const page = await web(server, "GET", "/advisories", { user: u });
      expect(page.text).toContain("<dt>npm</dt>");
      expect(page.text).not.toContain('enctype="multipart/form-data"');
    }
  });

  test("an upload through the form imports via the API's service; hostile text renders inert on the detail page", async () => {
    const record = JSON.parse(readFileSync(join(ADVISORIES, "RDTEST-2026-0001.json"), "utf8"));
    Object.assign(record, { id: "RDTEST-2026-0900", modified: "2026-03-01T00:00:00Z", summary: XSS, details: `Steps: ${XSS}`, aliases: [] });
    const upload = (user: WebUser, content: string, csrf = user.csrf) => {
      const form = new FormData();
      form.set("_csrf", csrf);
      form.set("file", new File([content], "hostile.json", { type: "application/json" }));
      return web(server, "POST", "/advisories/import", { user, body: form });
    };
    expect((await upload(member, JSON.stringify(record))).status).toBe(403);
    expect((await upload(outsider, JSON.stringify(record))).status).toBe(403);
    expect((await upload(admin, JSON.stringify(record), "wrong")).status).toBe(403);
    const bad = await upload(admin, "{ not json");
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("no OSV record could be read");
    const ok = await upload(admin, JSON.stringify(record));
    expect(ok.status).toBe(200);
    expect(ok.text).toMatch(/1 records read: 1 new/);
    expect(ok.text).toContain("upload:hostile.json");
    // The raw form: the body is the export itself, the token in a header.
    const raw = { ...record, id: "RDTEST-2026-0901" };
    const rawNoToken = await web(server, "POST", "/advisories/import?name=raw.json", { user: admin, body: JSON.stringify(raw), headers: { "content-type": "application/json" } });
    expect(rawNoToken.status).toBe(403);
    const rawOk = await web(server, "POST", "/advisories/import?name=raw.json", {
      user: admin,
      body: JSON.stringify(raw),
      headers: { "content-type": "application/json", "x-csrf-token": admin.csrf },
    });
    expect(rawOk.status).toBe(200);
    expect(rawOk.text).toContain("upload:raw.json");
    const detail = await web(server, "GET", "/advisories/RDTEST-2026-0900", { user: outsider });
    expect(detail.status).toBe(200);
    inert(detail.text);
    expect(detail.text).toContain("fixed <code>1.3.0</code>");
    expect((await web(server, "GET", "/advisories/NOPE-1", { user: viewer })).status).toBe(404);
  });
});
