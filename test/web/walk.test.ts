// A new user's first walk through the real binary over HTTP, from `reachd init`'s text output to
// findings, and every refusal on the way shown where it happens: "Scan now" errors by the button
// (bad ref, plan rate limit), the upload past its size cap on the upload form, 404 and 403 pages
// inside the layout with the way back and sign-out.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join, resolve } from "node:path";
import { readdirSync, rmSync } from "node:fs";
import { cleanup, cli, startServer, tempDir, type Server } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";
import { WebClient } from "../support/web.ts";
import { webapp } from "../e2e/projects.ts";

const ADVISORIES = resolve(import.meta.dir, "../fixtures/advisories/e2e");
/** Scans the account may start per minute (its plan bucket, REACHD_RATE_LIMIT_TEAM). */
const PLAN_LIMIT = 4;

let server: Server;
let roots: string;
let initOut: string;
let user: WebClient;
let csrf: string;
let repoId: string;

beforeAll(async () => {
  roots = tempDir("reachd-roots-");
  makeRepo(join(roots, "webapp"), webapp);
  makeRepo(join(roots, "gone"), webapp);
  const dataDir = tempDir("reachd-data-");
  const init = await cli(["init"], { dataDir });
  expect(init.code).toBe(0);
  initOut = init.stdout;
  expect((await cli(["advisories", "import", ADVISORIES, "--json"], { dataDir })).code).toBe(0);
  server = await startServer({
    dataDir,
    env: { REACHD_LOCAL_ROOTS: roots, REACHD_WORKERS: "1", REACHD_UPLOAD_MAX_MB: "1", REACHD_RATE_LIMIT_TEAM: String(PLAN_LIMIT) },
  });
  user = new WebClient(server.url);
});

afterAll(async () => {
  await server?.stop();
  cleanup(roots, server?.dataDir ?? "");
});

/** The page's <title>. */
const title = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];

async function waitDone(id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const body = JSON.parse((await user.get(`/scans/${id}/status.json`)).text);
    if (!["queued", "running"].includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`scan ${id} still ${body.status}`);
    await Bun.sleep(150);
  }
}

describe("a new user's walk", () => {
  test("init says who signs in with which one-time password, and where", () => {
    expect(initOut).toMatch(/dashboard admin \S+@\S+, one-time password \(change it at first sign-in\): \S+/);
    expect(initOut).toContain("sign in at http://localhost:");
  });

  test("sign in with the one-time password, forced to choose one, then the empty state says what to do", async () => {
    const [, email, otp] = /dashboard admin (\S+), one-time password \(change it at first sign-in\): (\S+)/.exec(initOut)!;
    const home = await user.get("/");
    expect(home.status).toBe(303);
    expect(home.location).toBe("/login?next=%2F");
    const login = await user.get("/login");
    expect(title(login.text)).toBe("Sign in · reachd");
    const signed = await user.post("/login", { _csrf: WebClient.csrf(login.text), email: email!, password: otp!, next: "/" });
    expect(signed.location).toBe("/account/password");
    expect((await user.get("/repos")).location).toBe("/account/password");
    const pw = await user.get("/account/password");
    expect(title(pw.text)).toBe("Password · reachd");
    expect(pw.text).toContain("Choose your password");
    // Links would only lead back here: sign-out is the one way out.
    expect(pw.text).not.toContain('<nav aria-label="Main">');
    expect(pw.text).toContain(">Sign out</button>");
    const saved = await user.post("/account/password", { _csrf: WebClient.csrf(pw.text), current: otp!, password: "a new user's password", confirm: "a new user's password" });
    expect(saved.location).toBe("/?password=saved");
    const first = await user.get(saved.location!);
    expect(first.text).toContain('role="status">Password saved.</div>');
    expect(first.text).toContain("Start by connecting a repository");
    expect(first.text).toContain('<a href="/repos">Connect a repository</a>');
    csrf = WebClient.csrf(first.text);
    const repos = await user.get("/repos");
    expect(repos.text).toContain("No repositories yet");
    expect(repos.text).toContain('<form method="post" action="/repos"');
  });

  test("connect, scan, findings; the home page counts one repository", async () => {
    const made = await user.post("/repos", { _csrf: csrf, name: "acme/webapp", provider: "local", path: join(roots, "webapp") });
    expect(made.status).toBe(303);
    repoId = /^\/repos\/(repo_\w+)\?connected=1$/.exec(made.location!)![1]!;
    const page = await user.get(made.location!);
    expect(page.text).toContain("Connected acme/webapp. Start its first scan with Scan now.");
    expect(page.text).toContain('<a href="/repos">Repositories</a> / acme/webapp');
    const scan = await user.post(`/repos/${repoId}/scans`, { _csrf: csrf, ref: "" });
    expect(scan.status).toBe(303);
    const id = scan.location!.slice("/scans/".length);
    expect((await waitDone(id)).status).toBe("complete");
    const findings = await user.get(`/scans/${id}`);
    expect(findings.text).toContain('<ol class="callpath" aria-label="Call path, 5 steps">');
    expect((await user.get("/")).text).toContain("Your account has 1 connected repository<");
  });
});

describe("refusals are shown where they happen", () => {
  test("a bad ref is shown by the Scan now button with the contract's message, the ref kept and inert", async () => {
    const ref = `-"><script>alert(1)</script>`;
    const res = await user.post(`/repos/${repoId}/scans`, { _csrf: csrf, ref });
    expect(res.status).toBe(400);
    expect(title(res.text)).toBe("acme/webapp: scan not started · reachd");
    expect(res.text).toContain('aria-describedby="scan-error" aria-invalid="true"');
    expect(res.text).toContain('<p class="field-error" id="scan-error" role="alert">ref is not a valid branch, tag or commit</p>');
    expect(res.text).toContain('value="-&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(res.text).not.toContain("<script>alert");
    // Still the repository page: history, breadcrumb, sign-out.
    expect(res.text).toContain("<h2>Scan history</h2>");
    expect(res.text).toContain(">Sign out</button>");
  });

  test("a ref that git allows but that holds markup is inert on the history and scan pages", async () => {
    const ref = `x"><script>alert(1)</script>`;
    const res = await user.post(`/repos/${repoId}/scans`, { _csrf: csrf, ref });
    expect(res.status).toBe(303);
    const id = res.location!.slice("/scans/".length);
    const done = await waitDone(id);
    expect(done.status).toBe("failed");
    for (const page of [await user.get(`/repos/${repoId}`), await user.get(`/scans/${id}`)]) {
      expect(page.status).toBe(200);
      expect(page.text).not.toContain("<script>alert");
      expect(page.text).toContain("x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    }
  });

  test("a repository gone from disk fails its scan, and the scan page says why", async () => {
    const made = await user.post("/repos", { _csrf: csrf, name: "acme/gone", provider: "local", path: join(roots, "gone") });
    const goneId = /^\/repos\/(repo_\w+)/.exec(made.location!)![1]!;
    rmSync(join(roots, "gone"), { recursive: true, force: true });
    const scan = await user.post(`/repos/${goneId}/scans`, { _csrf: csrf, ref: "" });
    expect(scan.status).toBe(303);
    const id = scan.location!.slice("/scans/".length);
    const done = await waitDone(id);
    expect(done.status).toBe("failed");
    const page = await user.get(`/scans/${id}`);
    const err = done.error as { code: string; message: string };
    expect(page.text).toContain(`<p class="form-error" role="alert">${err.code}: `);
  });

  test("past the plan's rate, Scan now is 429 by the button with Retry-After; the browser is no way around the plan", async () => {
    let res = await user.post(`/repos/${repoId}/scans`, { _csrf: csrf, ref: "main" });
    for (let i = 0; i < PLAN_LIMIT && res.status !== 429; i++) res = await user.post(`/repos/${repoId}/scans`, { _csrf: csrf, ref: "main" });
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(res.text).toContain(`<p class="field-error" id="scan-error" role="alert">rate limit exceeded; retry in ${wait} seconds</p>`);
    expect(res.text).toContain('value="main"');
  });

  test("an upload over REACHD_UPLOAD_MAX_MB is refused on the upload form, and nothing stays on disk", async () => {
    const form = new FormData();
    form.set("_csrf", csrf);
    // 1.5 MiB: past the 1 MiB cap, under the server's own body limit (cap + 1 MiB, a bare 413).
    form.set("file", new File([new Uint8Array(1.5 * 1024 * 1024).fill(0x20)], "big.json", { type: "application/json" }));
    const res = await fetch(server.url + "/advisories/import", { method: "POST", body: form, headers: { cookie: user.cookieHeader() } });
    expect(res.status).toBe(413);
    const text = await res.text();
    expect(text).toContain('<div class="form-error" role="alert"><p>the upload exceeds 1 MiB (REACHD_UPLOAD_MAX_MB)</p>');
    expect(text).toContain('<form method="post" action="/advisories/import" enctype="multipart/form-data"');
    expect(readdirSync(join(server.dataDir, "uploads"))).toEqual([]);
  });

  test("an upload whose file comes before the token, or with a wrong one, is a 403 page and writes nothing", async () => {
    const bad = new FormData();
    bad.set("file", new File(["[]"], "a.json"));
    bad.set("_csrf", csrf);
    const wrong = new FormData();
    wrong.set("_csrf", "x".repeat(43));
    wrong.set("file", new File(["[]"], "a.json"));
    for (const body of [bad, wrong]) {
      const res = await fetch(server.url + "/advisories/import", { method: "POST", body, headers: { cookie: user.cookieHeader() } });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("<h1>Form expired</h1>");
    }
    expect(readdirSync(join(server.dataDir, "uploads"))).toEqual([]);
  });

  test("a small upload through the streamed form imports and names its source after the file", async () => {
    const form = new FormData();
    form.set("_csrf", csrf);
    const record = { id: "RDWALK-1", modified: "2026-01-01T00:00:00Z", summary: "walk", affected: [{ package: { ecosystem: "npm", name: "walk-pkg" }, ranges: [{ type: "SEMVER", events: [{ introduced: "0" }, { fixed: "1.0.0" }] }] }] };
    form.set("file", new File([JSON.stringify(record)], "walk one.json", { type: "application/json" }));
    const res = await fetch(server.url + "/advisories/import", { method: "POST", body: form, headers: { cookie: user.cookieHeader() } });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).toMatch(/Import \S+ finished/);
    expect(text).toContain("upload:walk_one.json");
  });

  test("404 and 403 pages sit inside the layout: navigation, the way back, sign-out", async () => {
    for (const path of ["/no/such/page", "/repos/repo_nope", "/scans/scan_nope", "/advisories/NOPE-1"]) {
      const res = await user.get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('<nav aria-label="Main">');
      expect(res.text).toContain('<a href="/">Back to the dashboard</a>');
      expect(res.text).toContain(">Sign out</button>");
    }
    const forged = await user.post(`/repos/${repoId}/scans`, { _csrf: "forged", ref: "main" });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain(">Sign out</button>");
    expect(title(forged.text)).toBe("Form expired · reachd");
  });
});
