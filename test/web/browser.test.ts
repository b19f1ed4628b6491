// The dashboard in a real headless Chromium (Debian's package, driven by playwright-core) against
// the real server: sign in with the one-time password, choose a password, create an API key with
// chosen scopes, copy it, use it on /v1, revoke it and see 401. Chromium missing is a failure with
// the install command, never a silent skip.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { firstSignIn } from "../support/browser.ts";
import { api, cleanup, cli, startServer, tempDir, type Server } from "../support/server.ts";

const CHROMIUM = process.env.REACHD_CHROMIUM ?? "/usr/bin/chromium";
/** UPDATE_SCREENSHOTS=1 saves the README's screenshots of these pages into docs/screenshots. */
const SHOTS = process.env.UPDATE_SCREENSHOTS === "1" ? resolve(import.meta.dir, "../../docs/screenshots") : null;

let server: Server;
let dataDir: string;
let browser: Browser;
let init: { account_id: string; admin_email: string; admin_password: string };

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install chromium) or set REACHD_CHROMIUM`);
  }
  dataDir = tempDir();
  init = JSON.parse((await cli(["init", "--json"], { dataDir })).stdout);
  server = await startServer({ dataDir });
  // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) cleanup(dataDir);
});

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Console errors (CSP violations included) collected per page. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  return problems;
}

describe("dashboard in Chromium", () => {
  test("sign in, create a key with chosen scopes, copy it, use it on /v1, revoke it → 401", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await context.newPage();
    const problems = watch(page);

    await page.goto(server.url + "/");
    expect(new URL(page.url()).pathname).toBe("/login");
    // Keyboard only: the fields are reachable and labelled.
    await firstSignIn(page, server.url, init.admin_email, init.admin_password, "browser-password-1");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Welcome to reachd");

    // The skip link is the first stop of the keyboard and leads to the main landmark.
    await page.keyboard.press("Tab");
    await expect(page.evaluate("document.activeElement?.textContent")).resolves.toBe("Skip to content");

    await page.getByText("Settings", { exact: true }).click();
    await page.getByRole("link", { name: "API keys" }).click();
    await page.waitForURL(/\/settings\/keys$/);
    // A hostile name is shown as text and never runs.
    const hostile = `<img src=x onerror="window.__xss=1">ci`;
    await page.getByLabel("Name").fill(hostile);
    await page.getByRole("checkbox", { name: /scans:read/ }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    expect(await page.getByRole("heading", { level: 2, name: /created/ }).textContent()).toContain(hostile);
    expect(await page.getByRole("cell", { name: hostile, exact: true }).count()).toBe(1);
    await expect(page.evaluate("window.__xss")).resolves.toBeUndefined();

    await page.getByLabel("Name").fill("ci-pipeline");
    await page.getByRole("checkbox", { name: /repos:read/ }).check();
    await page.getByRole("checkbox", { name: /scans:read/ }).check();
    await page.getByLabel(/^Expires/).fill("2099-12-31");
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = page.getByRole("textbox", { name: "New API key" });
    const key = await secret.inputValue();
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{40,}$/);
    const copy = page.getByRole("button", { name: "Copy" });
    await expect(copy.isVisible()).resolves.toBe(true); // shown only once the script enhanced it
    await copy.click();
    await expect(page.evaluate("navigator.clipboard.readText()")).resolves.toBe(key);
    expect(await page.getByRole("row", { name: /ci-pipeline/ }).textContent()).toContain("2099-12-31");
    await shot(page, "api-key-created");

    expect((await api(server, "GET", "/v1/repos", { key })).status).toBe(200);
    expect((await api(server, "POST", "/v1/scans", { key, body: { repo_id: "repo_x", ref: "main" } })).status).toBe(403);

    await page.reload();
    expect(await page.content()).not.toContain(key);
    await page.getByRole("button", { name: new RegExp(`Revoke key .*${key.slice(0, 10)}`) }).click();
    await page.getByRole("status").filter({ hasText: "revoked" }).waitFor();
    const after = await api(server, "GET", "/v1/repos", { key });
    expect(after.status).toBe(401);

    // Settings → Users: add a member; the one-time password is shown once.
    await page.getByText("Settings", { exact: true }).click();
    await page.getByRole("link", { name: "Users" }).click();
    await page.waitForURL(/\/settings\/users$/);
    await page.getByLabel("Email").fill("dev@example.com");
    await page.getByRole("radio", { name: /^member/ }).check();
    await page.getByRole("button", { name: "Add user" }).click();
    const otp = await page.getByRole("textbox", { name: "One-time password" }).inputValue();
    expect(otp).toMatch(/^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/);
    expect(await page.getByRole("row", { name: /dev@example\.com.*one-time password/ }).count()).toBe(1);
    await shot(page, "settings-users");

    // Sign out ends it: the next visit asks to sign in again.
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(server.url + "/settings/keys");
    expect(new URL(page.url()).pathname).toBe("/login");

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  test("a narrow screen at 200% zoom keeps every control reachable without sideways scrolling", async () => {
    // 640 CSS px wide at device scale 2 is how a 1280 px laptop window looks at 200% zoom.
    const context = await browser.newContext({ viewport: { width: 640, height: 900 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(server.url + "/login");
    await page.getByLabel("Email").fill(init.admin_email);
    await page.getByLabel("Password").fill("browser-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(server.url + "/");
    await page.goto(server.url + "/settings/keys");
    const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("button", { name: "Create key" }).isVisible()).resolves.toBe(true);
    await context.close();
  }, 120_000);
});
