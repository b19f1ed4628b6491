// Settings → Webhooks over HTTP against the real server: admins only, CSRF on every form, the
// secret shown once, hostile URLs rendered inert, another account's webhook out of reach, and
// a real delivery showing up in the recent deliveries table.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { api, cleanup, cli, startServer, tempDir, waitForScan, type Server } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";
import { signIn, web, type WebUser } from "../support/web-user.ts";
import { clean } from "../e2e/projects.ts";

let server: Server;
let roots: string;
let admin: WebUser;
let member: WebUser;
let outsider: WebUser;
let apiKey: string;
let hits = 0;
const receiver = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => (hits++, new Response("ok")) });

beforeAll(async () => {
  roots = tempDir("reachd-hookpage-roots-");
  makeRepo(join(roots, "clean"), clean);
  const dataDir = tempDir("reachd-hookpage-");
  const init = JSON.parse((await cli(["init", "--json"], { dataDir })).stdout);
  apiKey = init.api_key;
  const user = async (account: string, email: string, role: string) =>
    JSON.parse((await cli(["users", "create", "--account", account, "--email", email, "--role", role, "--json"], { dataDir })).stdout).password as string;
  const memberPw = await user(init.account_id, "member@acme.test", "member");
  const other = JSON.parse((await cli(["accounts", "create", "--name", "other", "--plan", "pro", "--json"], { dataDir })).stdout);
  const outsiderPw = await user(other.account_id, "admin@other.test", "admin");
  server = await startServer({ dataDir, env: { REACHD_LOCAL_ROOTS: roots, REACHD_WEBHOOK_POLL_MS: "50" } });
  admin = await signIn(server, init.admin_email, init.admin_password);
  member = await signIn(server, "member@acme.test", memberPw);
  outsider = await signIn(server, "admin@other.test", outsiderPw);
});

afterAll(async () => {
  await server?.stop();
  receiver.stop(true);
  cleanup(roots, server?.dataDir ?? "");
});

const XSS_URL = `http://10.0.0.1/<script>alert("x")</script>?q="><img src=x onerror=alert(1)>`;

describe("Settings → Webhooks", () => {
  test("admins see the nav entry and the empty page; members neither", async () => {
    expect((await web(server, "GET", "/", { user: admin })).text).toContain('href="/settings/webhooks"');
    const page = await web(server, "GET", "/settings/webhooks", { user: admin });
    expect(page.status).toBe(200);
    expect(page.text).toContain("No webhooks yet");
    expect(page.text).toContain('<form class="stack panel" method="post" action="/settings/webhooks"');
    expect((await web(server, "GET", "/", { user: member })).text).not.toContain('href="/settings/webhooks"');
    expect((await web(server, "GET", "/settings/webhooks", { user: member })).status).toBe(403);
    const post = await web(server, "POST", "/settings/webhooks", { user: member, form: { _csrf: member.csrf, url: "http://10.0.0.1/", events: "scan.completed" } });
    expect(post.status).toBe(403);
  });

  test("a form without the CSRF token is refused and adds nothing", async () => {
    const res = await web(server, "POST", "/settings/webhooks", { user: admin, form: { url: "http://10.0.0.9/forged", events: "scan.completed" } });
    expect(res.status).toBe(403);
    expect((await api(server, "GET", "/v1/webhooks", { key: apiKey })).body.webhooks).toEqual([]);
  });

  test("invalid input is shown at its field with status 400", async () => {
    const bad = await web(server, "POST", "/settings/webhooks", { user: admin, form: { _csrf: admin.csrf, url: "ftp://x/", events: "scan.completed" } });
    expect(bad.status).toBe(400);
    // The same field-error markup as every dashboard form (parts.ts): tied to its input, announced.
    expect(bad.text).toContain('aria-describedby="hook-url-error" aria-invalid="true"');
    expect(bad.text).toMatch(/<p class="field-error" id="hook-url-error" role="alert">[^<]*must use http or https/);
    expect(bad.text).toContain("must use http or https");
    const none = await web(server, "POST", "/settings/webhooks", { user: admin, form: { _csrf: admin.csrf, url: "http://10.0.0.1/" } });
    expect(none.status).toBe(400);
    expect(none.text).toContain('id="events-error"');
  });

  test("a hostile URL is stored and rendered inert; the secret is shown once with a copy button", async () => {
    const res = await web(server, "POST", "/settings/webhooks", { user: admin, form: { _csrf: admin.csrf, url: XSS_URL, events: "scan.failed" } });
    expect(res.status).toBe(200);
    const secret = /id="new-secret-value" readonly value="(whsec_[0-9a-f]{48})"/.exec(res.text)?.[1];
    expect(secret).toBeString();
    expect(res.text).toContain('data-copy="new-secret-value"');
    for (const text of [res.text, (await web(server, "GET", "/settings/webhooks", { user: admin })).text]) {
      expect(text).not.toContain("<script>alert");
      expect(text).not.toContain("<img src=x");
    }
    const again = await web(server, "GET", "/settings/webhooks", { user: admin });
    expect(again.text).not.toContain(secret!);
    expect(again.text).toContain("%3Cscript%3E");
  });

  test("a real delivery appears in the table; another account cannot delete; the owner can", async () => {
    const made = await web(server, "POST", "/settings/webhooks", {
      user: admin,
      form: { _csrf: admin.csrf, url: `http://127.0.0.1:${receiver.port}/in`, events: "scan.completed" },
    });
    expect(made.status).toBe(200);
    const hooks = (await api(server, "GET", "/v1/webhooks", { key: apiKey })).body.webhooks;
    const hook = hooks.find((h: any) => h.url.startsWith("http://127.0.0.1"));
    const repo = await api(server, "POST", "/v1/repos", { key: apiKey, body: { name: "acme/clean", provider: "local", path: join(roots, "clean") } });
    const scan = await api(server, "POST", "/v1/scans", { key: apiKey, body: { repo_id: repo.body.id, ref: "main" } });
    expect((await waitForScan(server, apiKey, scan.body.id)).status).toBe("complete");
    // The delivery row appears (pending) before the receiver has answered: wait for its outcome.
    const delivered = '<span class="badge badge-active">delivered</span>';
    let page = "";
    for (let i = 0; i < 200 && !(page.includes(`href="/scans/${scan.body.id}"`) && page.includes(delivered)); i++) {
      await Bun.sleep(50);
      page = (await web(server, "GET", "/settings/webhooks", { user: admin })).text;
    }
    expect(page).toContain(`href="/scans/${scan.body.id}"`);
    expect(page).toContain(delivered);
    expect(hits).toBe(1);

    const forged = await web(server, "POST", `/settings/webhooks/${hook.id}/delete`, { user: outsider, form: { _csrf: outsider.csrf } });
    expect(forged.status).toBe(404);
    expect((await web(server, "POST", `/settings/webhooks/${hook.id}/delete`, { user: admin, form: {} })).status).toBe(403);
    const del = await web(server, "POST", `/settings/webhooks/${hook.id}/delete`, { user: admin, form: { _csrf: admin.csrf } });
    expect(del.status).toBe(303);
    expect(del.headers.get("location")).toBe("/settings/webhooks?deleted=1");
    expect((await api(server, "GET", "/v1/webhooks", { key: apiKey })).body.webhooks.map((h: any) => h.id)).not.toContain(hook.id);
  });
});
