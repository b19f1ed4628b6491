// The dashboard against the real server: sign-in, sessions, CSRF, API keys, roles, escaping.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, cleanup, cli, startServer, tempDir, type Server } from "../support/server.ts";
import { WebClient } from "../support/web.ts";

let server: Server;
let dataDir: string;
let accountId: string;
let adminEmail: string;
let adminOtp: string;
const ADMIN_PASSWORD = "admin-password-long-1";

async function newUser(role: string, email: string): Promise<string> {
  const res = await cli(["users", "create", "--account", accountId, "--email", email, "--role", role, "--json"], { dataDir });
  expect(res.code).toBe(0);
  return JSON.parse(res.stdout).password;
}

beforeAll(async () => {
  dataDir = tempDir();
  const init = await cli(["init", "--json", "--admin-email", "Admin@Example.com"], { dataDir });
  expect(init.code).toBe(0);
  const out = JSON.parse(init.stdout);
  accountId = out.account_id;
  adminEmail = out.admin_email;
  adminOtp = out.admin_password;
  server = await startServer({ dataDir });
});

afterAll(async () => {
  await server?.stop();
  cleanup(dataDir);
});

describe("sign-in", () => {
  test("signed out, / redirects to sign-in; the page is strict-CSP HTML with labelled fields", async () => {
    const web = new WebClient(server.url);
    const home = await web.get("/");
    expect(home.status).toBe(303);
    expect(home.location).toBe("/login?next=%2F");
    const login = await web.get("/login?next=%2F");
    expect(login.status).toBe(200);
    expect(login.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = login.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(login.text).toContain('<label for="email">');
    expect(login.text).toContain('<label for="password">');
    expect(login.text).toContain('<main id="main"');
    // No outside URL anywhere: the dashboard works air-gapped.
    expect(login.text).not.toMatch(/(?:src|href|action)="(?:https?:)?\/\//);
  });

  test("the email is case-insensitive; a one-time password must be changed before anything else", async () => {
    expect(adminEmail).toBe("admin@example.com");
    const web = new WebClient(server.url);
    const login = await web.get("/login");
    const res = await web.post("/login", { _csrf: WebClient.csrf(login.text), email: "ADMIN@example.com", password: adminOtp, next: "/settings/keys" });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/account/password");
    const keys = await web.get("/settings/keys");
    expect(keys.status).toBe(303);
    expect(keys.location).toBe("/account/password");
    const page = await web.get("/account/password");
    const csrf = WebClient.csrf(page.text);
    const short = await web.post("/account/password", { _csrf: csrf, current: adminOtp, password: "short", confirm: "short" });
    expect(short.status).toBe(400);
    expect(short.text).toContain("at least 12 characters");
    const ok = await web.post("/account/password", { _csrf: csrf, current: adminOtp, password: ADMIN_PASSWORD, confirm: ADMIN_PASSWORD });
    expect(ok.status).toBe(303);
    expect((await web.get("/settings/keys")).status).toBe(200);
    // The one-time password is spent.
    const again = new WebClient(server.url);
    const l2 = await again.get("/login");
    expect((await again.post("/login", { _csrf: WebClient.csrf(l2.text), email: adminEmail, password: adminOtp })).status).toBe(401);
  });

  test("a wrong password is 401 with a message and no session; the session cookie is HttpOnly and SameSite=Strict", async () => {
    const web = new WebClient(server.url);
    const login = await web.get("/login");
    const loginCookie = login.headers.getSetCookie().find((c) => c.startsWith("reachd_login_csrf="))!;
    expect(loginCookie).toContain("HttpOnly");
    expect(loginCookie).toContain("SameSite=Strict");
    const bad = await web.post("/login", { _csrf: WebClient.csrf(login.text), email: adminEmail, password: "wrong-password-123" });
    expect(bad.status).toBe(401);
    expect(bad.text).toContain("Email or password is wrong.");
    expect(web.cookies.has("reachd_session")).toBe(false);
    const unknown = await web.post("/login", { _csrf: WebClient.csrf(bad.text), email: "nobody@example.com", password: "wrong-password-123" });
    expect(unknown.status).toBe(401);
    expect(unknown.text).toContain("Email or password is wrong.");

    const good = await web.post("/login", { _csrf: WebClient.csrf(unknown.text), email: adminEmail, password: ADMIN_PASSWORD, next: "/settings/keys" });
    expect(good.status).toBe(303);
    expect(good.location).toBe("/settings/keys");
    const session = good.headers.getSetCookie().find((c) => c.startsWith("reachd_session="))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Strict/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toContain("Secure"); // plain HTTP here; see the TLS test
  });

  test("sign-in without or with a wrong CSRF token is 403, and so is a post from another origin", async () => {
    const web = new WebClient(server.url);
    const login = await web.get("/login");
    const token = WebClient.csrf(login.text);
    expect((await web.post("/login", { email: adminEmail, password: ADMIN_PASSWORD })).status).toBe(403);
    expect((await web.post("/login", { _csrf: token + "x", email: adminEmail, password: ADMIN_PASSWORD })).status).toBe(403);
    // The token of one browser does not work from another (it is bound to that browser's cookie).
    const other = new WebClient(server.url);
    expect((await other.post("/login", { _csrf: token, email: adminEmail, password: ADMIN_PASSWORD })).status).toBe(403);
    const cross = await web.post("/login", { _csrf: token, email: adminEmail, password: ADMIN_PASSWORD }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(web.cookies.has("reachd_session")).toBe(false);
  });

  test("a sign-in form streamed without a length is refused past 64 KiB, before it is buffered", async () => {
    const chunk = new TextEncoder().encode("email=" + "a".repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent++ < 64) c.enqueue(chunk); // 1 MiB in all, no content-length: sent chunked
        else c.close();
      },
    });
    const res = await fetch(server.url + "/login", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("The form is larger than this page accepts.");
  });

  test("session fixation: a session id planted before sign-in is never the signed-in one, and a live one is ended", async () => {
    // A planted random value is ignored …
    const victim = new WebClient(server.url);
    victim.cookies.set("reachd_session", "planted-by-attacker-0123456789abcdef");
    await victim.signIn(adminEmail, ADMIN_PASSWORD);
    expect(victim.cookies.get("reachd_session")).not.toBe("planted-by-attacker-0123456789abcdef");
    // … and a real session of the attacker's, planted in the victim's browser, ends at sign-in.
    const attacker = new WebClient(server.url);
    await attacker.signIn(adminEmail, ADMIN_PASSWORD);
    const planted = attacker.cookies.get("reachd_session")!;
    const browser = new WebClient(server.url);
    const form = await browser.get("/login");
    browser.cookies.set("reachd_session", planted);
    const res = await browser.post("/login", { _csrf: WebClient.csrf(form.text), email: adminEmail, password: ADMIN_PASSWORD });
    expect(res.status).toBe(303);
    expect(browser.cookies.get("reachd_session")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.cookies.get("reachd_session")).not.toBe(planted);
    expect((await attacker.get("/settings/keys")).status).toBe(303);
    expect((await browser.get("/settings/keys")).status).toBe(200);
  });

  test("sign-out ends the session on the server, not only in the browser", async () => {
    const web = new WebClient(server.url);
    const csrf = await web.signIn(adminEmail, ADMIN_PASSWORD);
    const cookie = web.cookies.get("reachd_session")!;
    expect((await web.post("/logout", {})).status).toBe(403); // CSRF applies to sign-out too
    const out = await web.post("/logout", { _csrf: csrf });
    expect(out.status).toBe(303);
    expect(out.location).toBe("/login");
    expect(web.cookies.has("reachd_session")).toBe(false);
    const replay = new WebClient(server.url);
    replay.cookies.set("reachd_session", cookie);
    expect((await replay.get("/settings/keys")).status).toBe(303);
  });

  test("a password change ends the user's other sessions, not the one that made it", async () => {
    const otp = await newUser("member", "two-browsers@example.com");
    const first = new WebClient(server.url);
    await first.signIn("two-browsers@example.com", otp, "first-password-1");
    const second = new WebClient(server.url);
    await second.signIn("two-browsers@example.com", "first-password-1");
    const page = await first.get("/account/password");
    expect(page.status).toBe(200);
    const res = await first.post("/account/password", {
      _csrf: WebClient.csrf(page.text),
      current: "first-password-1",
      password: "second-password-2",
      confirm: "second-password-2",
    });
    expect(res.status).toBe(303);
    expect((await first.get("/settings/keys")).status).toBe(200);
    expect((await second.get("/settings/keys")).status).toBe(303);
  });

  test("an open redirect through next= is refused", async () => {
    const web = new WebClient(server.url);
    const login = await web.get("/login?next=//evil.example/x");
    expect(login.text).toContain('name="next" value="/"');
    const res = await web.post("/login", { _csrf: WebClient.csrf(login.text), email: adminEmail, password: ADMIN_PASSWORD, next: "/\\evil.example" });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/");
  });
});

describe("Settings → API keys", () => {
  test("creating a key needs the session's CSRF token: missing or wrong is 403 and creates nothing", async () => {
    const web = new WebClient(server.url);
    const csrf = await web.signIn(adminEmail, ADMIN_PASSWORD);
    const before = (await web.get("/settings/keys")).text.match(/<tr>/g)?.length ?? 0;
    const missing = await web.post("/settings/keys", { name: "nope", scopes: "repos:read" });
    expect(missing.status).toBe(403);
    expect(missing.text).toContain("security token");
    const wrong = await web.post("/settings/keys", { _csrf: csrf.slice(0, -2) + "zz", name: "nope", scopes: "repos:read" });
    expect(wrong.status).toBe(403);
    // Another session's token is wrong for this one.
    const other = new WebClient(server.url);
    const otherCsrf = await other.signIn(adminEmail, ADMIN_PASSWORD);
    expect((await web.post("/settings/keys", { _csrf: otherCsrf, name: "nope", scopes: "repos:read" })).status).toBe(403);
    const cross = await web.post("/settings/keys", { _csrf: csrf, name: "nope", scopes: "repos:read" }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    const after = (await web.get("/settings/keys")).text.match(/<tr>/g)?.length ?? 0;
    expect(after).toBe(before);
    // Signed out, a post goes to sign-in.
    const anon = new WebClient(server.url);
    const res = await anon.post("/settings/keys", { _csrf: csrf, name: "nope", scopes: "repos:read" });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/login");
  });

  test("a key made with chosen scopes works on /v1 within them; revoked, it is 401", async () => {
    const web = new WebClient(server.url);
    const csrf = await web.signIn(adminEmail, ADMIN_PASSWORD);
    const made = await web.post("/settings/keys", { _csrf: csrf, name: "ci reader", scopes: ["repos:read", "scans:read"], expires: "2099-01-31" });
    expect(made.status).toBe(200);
    expect(made.headers.get("cache-control")).toBe("no-store");
    const key = /id="new-key-value" readonly value="(rk_[^"]+)"/.exec(made.text)![1]!;
    expect(made.text).toContain('data-copy="new-key-value"');
    expect((await api(server, "GET", "/v1/repos", { key })).status).toBe(200);
    const denied = await api(server, "POST", "/v1/repos", { key, body: { name: "a/b", provider: "local", path: "/tmp" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("insufficient_scope");

    // The list shows it by prefix, with scopes and expiry, never the secret.
    const list = await web.get("/settings/keys");
    expect(list.text).not.toContain(key);
    expect(list.text).toContain(`${key.slice(0, 10)}…</code>`);
    expect(list.text).toContain("2099-01-31T00:00:00Z");
    // The API sees the same key (one service behind both).
    const admin = (await cli(["keys", "list", "--account", accountId, "--json"], { dataDir })).stdout;
    const listed = JSON.parse(admin).keys.find((k: { name: string }) => k.name === "ci reader");
    expect(listed).toMatchObject({ scopes: ["repos:read", "scans:read"], expires_at: "2099-01-31T00:00:00Z", revoked_at: null });
    expect(listed.last_used_at).toMatch(/Z$/);

    const revoke = await web.post(`/settings/keys/${listed.id}/revoke`, { _csrf: csrf });
    expect(revoke.status).toBe(303);
    const after = await web.get(revoke.location!);
    expect(after.text).toContain("revoked.");
    const gone = await api(server, "GET", "/v1/repos", { key });
    expect(gone.status).toBe(401);
    expect(gone.body.error.message).toContain("revoked");
  });

  test("the form is checked field by field: no scope, a bad name, a past expiry", async () => {
    const web = new WebClient(server.url);
    const csrf = await web.signIn(adminEmail, ADMIN_PASSWORD);
    const res = await web.post("/settings/keys", { _csrf: csrf, name: "", expires: "2001-01-01" });
    expect(res.status).toBe(400);
    expect(res.text).toContain("Choose at least one scope.");
    expect(res.text).toContain("Give the key a name");
    expect(res.text).toContain("must be in the future");
    expect(res.text).toContain('aria-invalid="true"');
    const bogus = await web.post("/settings/keys", { _csrf: csrf, name: "x", scopes: "root" });
    expect(bogus.status).toBe(400);
  });

  test("hostile key names are escaped everywhere they appear", async () => {
    const web = new WebClient(server.url);
    const csrf = await web.signIn(adminEmail, ADMIN_PASSWORD);
    const evil = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
    const made = await web.post("/settings/keys", { _csrf: csrf, name: evil, scopes: "repos:read" });
    expect(made.status).toBe(200);
    // A name stored through the API is shown escaped too.
    const { body } = await api(server, "POST", "/v1/keys", {
      key: JSON.parse((await cli(["keys", "create", "--account", accountId, "--scopes", "admin", "--json"], { dataDir })).stdout).api_key,
      body: { name: "</td><svg onload=alert(3)>", scopes: ["repos:read"] },
    });
    expect(body.id).toMatch(/^key_/);
    const page = (await web.get("/settings/keys")).text;
    for (const text of [made.text, page]) {
      expect(text).not.toContain("<script>alert");
      expect(text).not.toContain("<img src=x");
    }
    expect(page).not.toContain("<svg onload");
    expect(page).toContain("&lt;/td&gt;&lt;svg onload=alert(3)&gt;");
    expect(page).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("roles", () => {
  test("a viewer sees the keys but cannot create or revoke them (403 page)", async () => {
    const otp = await newUser("viewer", "viewer@example.com");
    const web = new WebClient(server.url);
    const csrf = await web.signIn("viewer@example.com", otp, "viewer-password-1");
    const page = await web.get("/settings/keys");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('action="/settings/keys"');
    expect(page.text).not.toContain("/revoke");
    const create = await web.post("/settings/keys", { _csrf: csrf, name: "v", scopes: "repos:read" });
    expect(create.status).toBe(403);
    expect(create.text).toContain("<h1>Not allowed</h1>");
    const keyId = /key_[0-9a-z]{26}/.exec(
      (await cli(["keys", "list", "--account", accountId, "--json"], { dataDir })).stdout,
    )![0];
    expect((await web.post(`/settings/keys/${keyId}/revoke`, { _csrf: csrf })).status).toBe(403);
  });

  test("a member grants only non-admin scopes and cannot revoke admin keys", async () => {
    const otp = await newUser("member", "member@example.com");
    const web = new WebClient(server.url);
    const csrf = await web.signIn("member@example.com", otp, "member-password-1");
    const page = await web.get("/settings/keys");
    expect(page.text).toContain('value="scans:write"');
    expect(page.text).not.toContain('value="admin"');
    expect((await web.post("/settings/keys", { _csrf: csrf, name: "m", scopes: "admin" })).status).toBe(400);
    expect((await web.post("/settings/keys", { _csrf: csrf, name: "m", scopes: "scans:write" })).status).toBe(200);
    const keys = JSON.parse((await cli(["keys", "list", "--account", accountId, "--json"], { dataDir })).stdout).keys;
    const adminKey = keys.find((k: { scopes: string[]; revoked_at: string | null }) => k.scopes.includes("admin") && !k.revoked_at);
    expect((await web.post(`/settings/keys/${adminKey.id}/revoke`, { _csrf: csrf })).status).toBe(403);
  });
});

describe("Settings → Users", () => {
  test("an admin adds a user (one-time password shown once), changes roles and removes users, never their own", async () => {
    const admin = new WebClient(server.url);
    const csrf = await admin.signIn(adminEmail, ADMIN_PASSWORD);
    expect((await admin.get("/")).text).toContain('href="/settings/users"');
    const hostile = "<b>x</b>@example.com";
    const made = await admin.post("/settings/users", { _csrf: csrf, email: hostile, role: "viewer" });
    expect(made.status).toBe(200);
    expect(made.text).not.toContain("<b>x</b>");
    expect(made.text).toContain("&lt;b&gt;x&lt;/b&gt;@example.com");
    const otp = /id="new-password" readonly value="([^"]+)"/.exec(made.text)![1]!;
    expect((await admin.post("/settings/users", { _csrf: csrf, email: hostile, role: "viewer" })).status).toBe(409);
    expect((await admin.post("/settings/users", { _csrf: csrf, email: "c@example.com", role: "owner" })).status).toBe(400);

    const user = new WebClient(server.url);
    await user.signIn(hostile, otp, "hostile-user-password");
    // A viewer has no Users entry and gets 403 for the page.
    expect((await user.get("/")).text).not.toContain('href="/settings/users"');
    expect((await user.get("/settings/users")).status).toBe(403);

    const users = async () => JSON.parse((await cli(["users", "list", "--account", accountId, "--json"], { dataDir })).stdout).users as { id: string; email: string }[];
    const id = (await users()).find((u) => u.email === hostile)!.id;
    expect((await admin.get("/settings/users")).text).toContain(`action="/settings/users/${id}/role"`);
    expect((await admin.post(`/settings/users/${id}/role`, { _csrf: csrf, role: "admin" })).status).toBe(303);
    expect((await user.get("/settings/users")).status).toBe(200); // the new role counts at once
    // The admin cannot demote themselves; with two admins, one may demote the other.
    const selfId = (await users()).find((u) => u.email === adminEmail)!.id;
    expect((await admin.post(`/settings/users/${selfId}/role`, { _csrf: csrf, role: "viewer" })).status).toBe(409);
    expect((await admin.post(`/settings/users/${selfId}/remove`, { _csrf: csrf })).status).toBe(409);
    const removed = await admin.post(`/settings/users/${id}/remove`, { _csrf: csrf });
    expect(removed.status).toBe(303);
    // Removed, their session is gone.
    expect((await user.get("/settings/keys")).status).toBe(303);
    expect((await admin.post(`/settings/users/${id}/remove`, { _csrf: csrf })).status).toBe(404);
    // Without CSRF nothing happens.
    expect((await admin.post(`/settings/users`, { email: "z@example.com", role: "admin" })).status).toBe(403);
  });
});

describe("pages", () => {
  test("unknown pages are an HTML 404; unknown API routes keep the JSON error body", async () => {
    const web = new WebClient(server.url);
    await web.signIn(adminEmail, ADMIN_PASSWORD);
    const page = await web.get("/no/such/page");
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toContain("text/html");
    const apiRes = await api(server, "GET", "/v1/no-such-route");
    expect(apiRes.status).toBe(404);
    expect(apiRes.body.error.code).toBe("not_found");
  });

  test("the stylesheet and script are served from the binary with their content hash", async () => {
    const web = new WebClient(server.url);
    const login = await web.get("/login");
    const css = /href="(\/assets\/app\.css\?v=[0-9a-f]{12})"/.exec(login.text)![1]!;
    const js = /src="(\/assets\/app\.js\?v=[0-9a-f]{12})"/.exec(login.text)![1]!;
    const cssRes = await web.get(css);
    expect(cssRes.status).toBe(200);
    expect(cssRes.headers.get("content-type")).toContain("text/css");
    expect(cssRes.text).toContain(".skip");
    expect((await web.get(js)).text).toContain("data-copy");
    expect((await web.get("/assets/nope.js")).status).toBe(404);
  });
});

describe("rate limit", () => {
  test("sign-in attempts for one email are limited (429 with Retry-After), even with the right password", async () => {
    const otp = await newUser("viewer", "target@example.com");
    const web = new WebClient(server.url);
    let page = (await web.get("/login")).text;
    const statuses: number[] = [];
    // 10 per minute refill at one per 6 s: on a slow machine a token may come back meanwhile, so
    // attempts go on until refused, which must happen well before 20.
    for (let i = 0; i < 20 && !statuses.includes(429); i++) {
      const res = await web.post("/login", { _csrf: WebClient.csrf(page), email: "target@example.com", password: `guess-number-${i}` });
      statuses.push(res.status);
      page = res.text;
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(res.text).toContain("Too many sign-in attempts");
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.at(-1)).toBe(429);
    const right = await web.post("/login", { _csrf: WebClient.csrf(page), email: "target@example.com", password: otp });
    expect(right.status).toBe(429);
    expect(web.cookies.has("reachd_session")).toBe(false);
  });
});
