// Pieces of the dashboard on a real SQLite store, in process: escaping, session expiry, the
// Secure cookie flag behind TLS, the users service.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../src/app.ts";
import { createAccount, createKey } from "../../src/accounts/service.ts";
import { createSession, findSession, SESSION_IDLE_MS, SESSION_MAX_MS } from "../../src/accounts/sessions.ts";
import { createUser, roleAtLeast, verifyLogin } from "../../src/accounts/users.ts";
import { planBucket, RateLimiter, rateLimited } from "../../src/api/rate-limit.ts";
import { startScan } from "../../src/api/scans/service.ts";
import { AppError } from "../../src/errors.ts";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/log.ts";
import { openStoreAt, type Store } from "../../src/store/database.ts";
import { html, raw } from "../../src/web/html.ts";
import { checkOrigin, safeNext, WebError } from "../../src/web/http.ts";
import { insertRepo } from "../support/repos.ts";
import { cleanup, tempDir } from "../support/server.ts";

let dir: string;
let store: Store;

beforeAll(async () => {
  dir = tempDir();
  store = await openStoreAt(`${dir}/reachd.db`);
});

afterAll(async () => {
  await store.close();
  cleanup(dir);
});

describe("html templates", () => {
  test("every interpolation is escaped unless it is SafeHtml; lists are joined; nothing renders empty", () => {
    const name = `<img src=x onerror="alert('1')">&amp;\``;
    const out = html`<p title="${name}">${name}</p>${[html`<b>${"<i>"}</b>`, "<u>"]}${null}${undefined}${false}${0}`.value;
    expect(out).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;amp;&#96;">&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;amp;&#96;</p><b>&lt;i&gt;</b>&lt;u&gt;0',
    );
    expect(html`${raw("<hr>")}`.value).toBe("<hr>");
  });

  test("next= only ever leads to a path of this site", () => {
    expect(safeNext("/settings/keys?x=1")).toBe("/settings/keys?x=1");
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "", null, "/a\nb"]) {
      expect(safeNext(bad)).toBe("/");
    }
  });
});

describe("origin check", () => {
  const post = (headers: Record<string, string>) => new Request("http://127.0.0.1:8080/settings/keys", { method: "POST", headers });
  test("same host passes, another site or an opaque origin is 403; a proxy's X-Forwarded-Host counts as ours", () => {
    expect(() => checkOrigin(post({ host: "127.0.0.1:8080" }))).not.toThrow();
    expect(() => checkOrigin(post({ host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080" }))).not.toThrow();
    expect(() => checkOrigin(post({ host: "127.0.0.1:8080", origin: "https://evil.example" }))).toThrow(WebError);
    expect(() => checkOrigin(post({ host: "127.0.0.1:8080", origin: "null" }))).toThrow(WebError);
    const proxied = { host: "127.0.0.1:8080", "x-forwarded-host": "reachd.corp.example", origin: "https://reachd.corp.example" };
    expect(() => checkOrigin(post(proxied))).not.toThrow();
    expect(() => checkOrigin(post({ ...proxied, origin: "https://evil.example" }))).toThrow(WebError);
  });
});

describe("users and sessions", () => {
  test("users: argon2id hashes, unique emails, roles ranked; a wrong or unknown login is null", async () => {
    const account = await createAccount(store.db, { name: "a", plan: "team" });
    const made = await createUser(store.db, { accountId: account.id, email: " Ann@Example.com ", role: "member" });
    if ("error" in made) throw new Error(made.error);
    expect(made.user.email).toBe("ann@example.com");
    expect(made.user.password_hash).toStartWith("$argon2id$");
    expect(made.user.password_hash).not.toContain(made.password);
    expect(await createUser(store.db, { accountId: account.id, email: "ANN@example.com", role: "viewer" })).toEqual({ error: "email_taken" });
    expect(await createUser(store.db, { accountId: account.id, email: "b@example.com", role: "root" })).toMatchObject({ error: "invalid", field: "role" });
    expect(await createUser(store.db, { accountId: account.id, email: "no-at-sign", role: "viewer" })).toMatchObject({ error: "invalid", field: "email" });
    expect((await verifyLogin(store.db, "ann@example.com", made.password))?.id).toBe(made.user.id);
    expect(await verifyLogin(store.db, "ann@example.com", made.password + "x")).toBeNull();
    expect(await verifyLogin(store.db, "nobody@example.com", made.password)).toBeNull();
    expect(roleAtLeast("admin", "member")).toBe(true);
    expect(roleAtLeast("viewer", "member")).toBe(false);
    expect(roleAtLeast("bogus", "viewer")).toBe(false);
  });

  test("a session ends after its idle time and at its absolute end; only the hash of its id is stored", async () => {
    const account = await createAccount(store.db, { name: "s", plan: "team" });
    const made = await createUser(store.db, { accountId: account.id, email: "s@example.com", role: "viewer" });
    if ("error" in made) throw new Error(made.error);
    const t0 = new Date("2030-01-01T00:00:00Z");
    const id = await createSession(store.db, made.user.id, t0);
    const rows = await store.db.selectFrom("sessions").selectAll().where("user_id", "=", made.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).not.toBe(id);
    expect(JSON.stringify(rows)).not.toContain(id);
    // The stored form is the sha256 hex API keys use too: changing it would end every session and key.
    expect(rows[0]!.id_hash).toBe(new Bun.CryptoHasher("sha256").update(id).digest("hex"));
    const { key, apiKey } = await createKey(store.db, { accountId: account.id, name: "k", scopes: ["repos:read"] });
    expect(key.hash).toBe(new Bun.CryptoHasher("sha256").update(apiKey).digest("hex"));

    // Active use keeps it alive past the idle time …
    let t = t0.getTime();
    for (let i = 0; i < 5; i++) {
      t += SESSION_IDLE_MS - 60_000;
      if (t >= t0.getTime() + SESSION_MAX_MS) break;
      expect((await findSession(store.db, id, new Date(t)))?.user.email).toBe("s@example.com");
    }
    // … but not past the absolute end.
    expect(await findSession(store.db, id, new Date(t0.getTime() + SESSION_MAX_MS))).toBeNull();

    const idle = await createSession(store.db, made.user.id, t0);
    expect(await findSession(store.db, idle, new Date(t0.getTime() + SESSION_IDLE_MS + 1000))).toBeNull();
    // Ended sessions are deleted, not only refused.
    expect(await findSession(store.db, idle, t0)).toBeNull();
    expect(await findSession(store.db, "x".repeat(43))).toBeNull();

    // A later sign-in sweeps sessions that ended unseen (expired or idle).
    const unseen = await createSession(store.db, made.user.id, t0);
    await createSession(store.db, made.user.id, new Date(t0.getTime() + SESSION_IDLE_MS + 1000));
    const left = await store.db.selectFrom("sessions").select("created_at").where("user_id", "=", made.user.id).execute();
    expect(left.map((r) => r.created_at)).toEqual(["2030-01-01T02:00:01Z"]);
    expect(await findSession(store.db, unseen, t0)).toBeNull();
  });
});

describe("cookies behind TLS", () => {
  test("the session cookie is Secure when the request came over TLS, or when REACHD_COOKIE_SECURE=1", async () => {
    const account = await createAccount(store.db, { name: "tls", plan: "team" });
    const made = await createUser(store.db, { accountId: account.id, email: "tls@example.com", role: "admin" });
    if ("error" in made) throw new Error(made.error);
    const password = made.password;
    const config = loadConfig({ dataDir: dir }, {});
    const app = createApp({
      db: store.db,
      config,
      limiter: new RateLimiter(),
      // The dashboard's sign-in never touches the scan queue.
      queue: { notify() {}, cancel: async () => {}, accepting: () => true },
      secretKey: new Uint8Array(32),
      log: createLogger("error"),
      version: "test",
    });
    async function signIn(base: string): Promise<string> {
      const page = await app.handle(new Request(`${base}/login`));
      const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
      const loginCookie = page.headers.getSetCookie()[0]!.split(";")[0]!;
      const res = await app.handle(
        new Request(`${base}/login`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: loginCookie },
          body: new URLSearchParams({ _csrf: token, email: "tls@example.com", password }).toString(),
        }),
      );
      expect(res.status).toBe(303);
      return res.headers.getSetCookie().find((c) => c.startsWith("reachd_session="))!;
    }
    expect(await signIn("https://reachd.example")).toContain("; Secure");
    expect(await signIn("http://reachd.example")).not.toContain("Secure");
    process.env.REACHD_COOKIE_SECURE = "1";
    try {
      expect(await signIn("http://reachd.example")).toContain("; Secure");
    } finally {
      delete process.env.REACHD_COOKIE_SECURE;
    }
  });
});

describe("starting a scan (the one path of the API and the dashboard)", () => {
  test("refused while shutting down before the rate limit is charged; a refused admit writes nothing; else queued and a worker woken", async () => {
    const account = await createAccount(store.db, { name: "starts", plan: "pro" });
    const repoId = await insertRepo(store.db, account.id, "a/r", { path: "/nowhere" });
    const limiter = new RateLimiter(() => 0);
    const limits = loadConfig({ dataDir: dir }, { REACHD_RATE_LIMIT_PRO: "1" }).rateLimits;
    const admit = () => {
      const decision = limiter.take([planBucket(limits, account)]);
      if (!decision.allowed) throw rateLimited(decision);
    };
    let accepting = false;
    let woken = 0;
    const deps = { db: store.db, queue: { accepting: () => accepting, notify: () => void woken++ } };
    const input = { repoId, ref: undefined, threshold: undefined, trigger: "repo" as const };
    const scans = () => store.db.selectFrom("scans").select("id").where("repo_id", "=", repoId).execute();

    const refusal = (p: Promise<unknown>) => p.then(() => "started", (e) => (e instanceof AppError ? `${e.code} ${e.headers["retry-after"] ?? ""}` : String(e)));
    expect(await refusal(startScan(deps, account.id, input, admit))).toBe("unavailable ");
    accepting = true;
    expect(await refusal(startScan(deps, account.id, input, admit))).toBe("started"); // the one token was still there
    expect(await refusal(startScan(deps, account.id, input, admit))).toBe("rate_limited 60");
    expect(await scans()).toHaveLength(1);
    expect(woken).toBe(1);
    expect(planBucket(limits, { id: "x", plan: "no-such-plan" })).toEqual({ key: "acct:x", limit: 1 });
  });
});
