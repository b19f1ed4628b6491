// Webhooks through the real server: real local receivers (Bun.serve on 127.0.0.1) verify the
// HMAC of the raw body, real scans of real git repositories fire the events, and a failing
// receiver gets its retries recorded (short backoff via REACHD_WEBHOOK_BACKOFF_MS).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { join } from "node:path";
import { api, cleanup, cli, startServer, tempDir, waitForScan, type Server } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";
import { clean } from "./projects.ts";

interface Received {
  body: string;
  headers: Headers;
  signatureValid: boolean;
}

class Receiver {
  readonly got: Received[] = [];
  secret = "";
  readonly server: ReturnType<typeof Bun.serve>;
  constructor(private readonly reply: (req: Request) => Response) {
    this.server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: async (req) => {
        const body = await req.text();
        const expected = "sha256=" + createHmac("sha256", this.secret).update(body).digest("hex");
        this.got.push({ body, headers: req.headers, signatureValid: req.headers.get("x-reachd-signature") === expected });
        return this.reply(req);
      },
    });
  }
  get url(): string {
    return `http://127.0.0.1:${this.server.port}/hook`;
  }
  async waitFor(pred: (r: Received) => boolean, timeoutMs = 30_000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.got.find(pred);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no matching webhook request; got ${this.got.length}`);
      await Bun.sleep(50);
    }
  }
}

let server: Server;
let roots: string;
let admin: string;
let member: string;
let other: string;
let repoId: string;
const ok = new Receiver(() => new Response("thanks", { status: 200 }));
const failing = new Receiver(() => new Response("x".repeat(5000), { status: 500 }));
const redirecting = new Receiver(() => Response.redirect(ok.url, 302));

beforeAll(async () => {
  roots = tempDir("reachd-hook-roots-");
  makeRepo(join(roots, "clean"), clean);
  const dataDir = tempDir("reachd-hook-data-");
  const init = await cli(["init", "--json"], { dataDir });
  expect(init.code).toBe(0);
  const made = JSON.parse(init.stdout);
  admin = made.api_key;
  const m = await cli(["keys", "create", "--account", made.account_id, "--scopes", "repos:read,repos:write,scans:read,scans:write", "--json"], { dataDir });
  member = JSON.parse(m.stdout).api_key;
  const acct2 = await cli(["accounts", "create", "--name", "other", "--plan", "pro", "--json"], { dataDir });
  const k2 = await cli(["keys", "create", "--account", JSON.parse(acct2.stdout).account_id, "--scopes", "admin", "--json"], { dataDir });
  other = JSON.parse(k2.stdout).api_key;
  server = await startServer({
    dataDir,
    env: { REACHD_LOCAL_ROOTS: roots, REACHD_WEBHOOK_BACKOFF_MS: "100,100", REACHD_WEBHOOK_POLL_MS: "50" },
  });
  const repo = await api(server, "POST", "/v1/repos", { key: admin, body: { name: "acme/clean", provider: "local", path: join(roots, "clean") } });
  expect(repo.status).toBe(201);
  repoId = repo.body.id;
});

afterAll(async () => {
  await server?.stop();
  for (const r of [ok, failing, redirecting]) r.server.stop(true);
  cleanup(roots, server?.dataDir ?? "");
});

let okHook: any;
let failingHook: any;
let redirectHook: any;

describe("webhook API", () => {
  test("create returns the generated secret once; GET never shows it", async () => {
    const res = await api(server, "POST", "/v1/webhooks", { key: admin, body: { url: ok.url } });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^whk_/);
    expect(res.body.events).toEqual(["scan.completed", "scan.failed"]);
    expect(res.body.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    okHook = res.body;
    ok.secret = res.body.secret;

    const list = await api(server, "GET", "/v1/webhooks", { key: admin });
    expect(list.status).toBe(200);
    expect(list.body.webhooks.map((w: any) => w.id)).toEqual([okHook.id]);
    expect(list.text).not.toContain(ok.secret);
    expect(list.body.webhooks[0].secret).toBeUndefined();
    const one = await api(server, "GET", `/v1/webhooks/${okHook.id}`, { key: admin });
    expect(one.status).toBe(200);
    expect(one.text).not.toContain(ok.secret);
    expect(one.body.recent_deliveries).toEqual([]);
  });

  test("a given secret and event subset are kept", async () => {
    failing.secret = "failing-receiver-secret-1234";
    const res = await api(server, "POST", "/v1/webhooks", { key: admin, body: { url: failing.url, events: ["scan.completed"], secret: failing.secret } });
    expect(res.status).toBe(201);
    expect(res.body.events).toEqual(["scan.completed"]);
    expect(res.body.secret).toBe(failing.secret);
    failingHook = res.body;
    const r = await api(server, "POST", "/v1/webhooks", { key: admin, body: { url: redirecting.url, events: ["scan.completed"] } });
    expect(r.status).toBe(201);
    redirectHook = r.body;
    redirecting.secret = r.body.secret;
  });

  test.each([
    ["ftp scheme", { url: "ftp://example.com/x" }, "url"],
    ["credentials in the URL", { url: "http://user:pw@example.com/x" }, "url"],
    ["not a URL", { url: "not a url" }, "url"],
    ["the metadata address", { url: "http://169.254.169.254/latest/meta-data" }, "url"],
    ["the IPv6 metadata address", { url: "http://[fd00:ec2::254]/" }, "url"],
    ["a URL over 2048 characters", { url: "http://example.com/" + "a".repeat(2100) }, "url"],
    ["an unknown event", { url: "http://example.com/", events: ["scan.bogus"] }, "events"],
    ["no events", { url: "http://example.com/", events: [] }, "events"],
    ["a short secret", { url: "http://example.com/", secret: "short" }, "secret"],
    ["no URL", { events: ["scan.completed"] }, "url"],
  ] as const)("%s is 400 validation_failed on %s", async (_label, body, field) => {
    const res = await api(server, "POST", "/v1/webhooks", { key: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.body.error.details.map((d: any) => d.field).join(" ")).toContain(field);
    expect(typeof res.body.request_id).toBe("string");
  });

  test("a key without admin gets 403 insufficient_scope", async () => {
    for (const [method, path] of [["GET", "/v1/webhooks"], ["POST", "/v1/webhooks"], ["GET", `/v1/webhooks/${okHook.id}`], ["DELETE", `/v1/webhooks/${okHook.id}`]] as const) {
      const res = await api(server, method, path, { key: member, body: method === "POST" ? { url: ok.url } : undefined });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("insufficient_scope");
    }
    expect((await api(server, "GET", "/v1/webhooks")).status).toBe(401);
  });

  test("another account sees 404 and an empty list", async () => {
    expect((await api(server, "GET", `/v1/webhooks/${okHook.id}`, { key: other })).status).toBe(404);
    const del = await api(server, "DELETE", `/v1/webhooks/${okHook.id}`, { key: other });
    expect(del.status).toBe(404);
    expect(del.body.error.code).toBe("not_found");
    expect((await api(server, "GET", "/v1/webhooks", { key: other })).body.webhooks).toEqual([]);
    expect((await api(server, "GET", "/v1/webhooks/whk_nonsense", { key: admin })).status).toBe(404);
  });

  test("an account holds at most 20 webhooks", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await api(server, "POST", "/v1/webhooks", { key: other, body: { url: `http://10.0.0.${i + 1}/h` } })).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(409);
  });

  test("the OpenAPI document describes the webhook routes with scope admin", async () => {
    const doc = (await api(server, "GET", "/v1/openapi.json")).body;
    expect(doc.paths["/v1/webhooks"].post["x-required-scope"]).toBe("admin");
    expect(doc.paths["/v1/webhooks/{id}"].delete).toBeDefined();
  });
});

describe("delivery", () => {
  let completed: any;

  test("a completed scan of a real repository is delivered, signed, as the scan status form plus event", async () => {
    const res = await api(server, "POST", "/v1/scans", { key: admin, body: { repo_id: repoId, ref: "main" } });
    expect(res.status).toBe(201);
    completed = await waitForScan(server, admin, res.body.id);
    expect(completed.status).toBe("complete");
    const got = await ok.waitFor((r) => JSON.parse(r.body).id === completed.id);
    expect(got.signatureValid).toBe(true);
    expect(got.headers.get("content-type")).toBe("application/json");
    expect(got.headers.get("x-reachd-event")).toBe("scan.completed");
    expect(got.headers.get("x-reachd-delivery")).toMatch(/^dlv_/);
    expect(JSON.parse(got.body)).toEqual({ event: "scan.completed", ...completed });
  });

  test("a failing receiver gets every attempt recorded, then the delivery fails", async () => {
    await failing.waitFor(() => failing.got.length >= 3);
    let view: any;
    for (let i = 0; i < 100; i++) {
      view = (await api(server, "GET", `/v1/webhooks/${failingHook.id}`, { key: admin })).body;
      if (view.recent_deliveries[0]?.status === "failed") break;
      await Bun.sleep(50);
    }
    const d = view.recent_deliveries[0];
    expect(d).toMatchObject({ scan_id: completed.id, event: "scan.completed", status: "failed", attempts: 3, status_code: 500, error: "HTTP 500" });
    expect(d.next_attempt_at).toBeNull();
    expect(view.deliveries).toMatchObject({ total: 1, failed: 1, last_status: "failed", last_status_code: 500 });
    expect(failing.got.length).toBe(3);
    expect(failing.got.every((r) => r.signatureValid)).toBe(true);
    // One delivery id across the retries, so a receiver can deduplicate.
    expect(new Set(failing.got.map((r) => r.headers.get("x-reachd-delivery"))).size).toBe(1);
  });

  test("a redirect is not followed and counts as a failure", async () => {
    await redirecting.waitFor((r) => JSON.parse(r.body).id === completed.id);
    let d: any;
    for (let i = 0; i < 100; i++) {
      d = (await api(server, "GET", `/v1/webhooks/${redirectHook.id}`, { key: admin })).body.recent_deliveries[0];
      if (d?.status === "failed") break;
      await Bun.sleep(50);
    }
    expect(d).toMatchObject({ status: "failed", status_code: 302, attempts: 3 });
    // The ok receiver got the scan once, from its own webhook: never via the redirect.
    expect(ok.got.filter((r) => JSON.parse(r.body).id === completed.id && r.headers.get("x-reachd-event") === "scan.completed").length).toBe(1);
  });

  test("a failed scan fires scan.failed only to webhooks that asked for it", async () => {
    const res = await api(server, "POST", "/v1/scans", { key: admin, body: { repo_id: repoId, ref: "no-such-branch" } });
    expect(res.status).toBe(201);
    const failed = await waitForScan(server, admin, res.body.id);
    expect(failed.status).toBe("failed");
    const got = await ok.waitFor((r) => JSON.parse(r.body).id === failed.id);
    expect(got.headers.get("x-reachd-event")).toBe("scan.failed");
    expect(got.signatureValid).toBe(true);
    expect(JSON.parse(got.body)).toEqual({ event: "scan.failed", ...failed });
    await Bun.sleep(500);
    expect(failing.got.some((r) => JSON.parse(r.body).id === failed.id)).toBe(false);
  });

  test("a deleted webhook is gone with its deliveries", async () => {
    expect((await api(server, "DELETE", `/v1/webhooks/${failingHook.id}`, { key: admin })).status).toBe(204);
    expect((await api(server, "GET", `/v1/webhooks/${failingHook.id}`, { key: admin })).status).toBe(404);
    expect((await api(server, "GET", "/v1/webhooks", { key: admin })).body.webhooks.map((w: any) => w.id)).not.toContain(failingHook.id);
  });
});
