// Every dashboard page in headless Chromium, checked the way a keyboard user and a zoomed reader
// meet them: every form control has an accessible name, Tab reaches every visible control and
// shows where focus is, and at 200% zoom on a 1280 px window nothing scrolls sideways. Also that
// the CSP really stops inline script. Chromium missing is a failure, never a skip.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { cleanup, cli, startServer, tempDir, type Server } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";
import { WebClient } from "../support/web.ts";
import { webapp } from "../e2e/projects.ts";

const CHROMIUM = process.env.REACHD_CHROMIUM ?? "/usr/bin/chromium";
const ADVISORIES = resolve(import.meta.dir, "../fixtures/advisories/e2e");

let server: Server;
let roots: string;
let browser: Browser;
let session: string;
let pages: string[];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install chromium) or set REACHD_CHROMIUM`);
  }
  roots = tempDir("reachd-roots-");
  makeRepo(join(roots, "webapp"), webapp);
  const dataDir = tempDir("reachd-data-");
  const init = JSON.parse((await cli(["init", "--json"], { dataDir })).stdout);
  expect((await cli(["advisories", "import", ADVISORIES, "--json"], { dataDir })).code).toBe(0);
  server = await startServer({ dataDir, env: { REACHD_LOCAL_ROOTS: roots, REACHD_UPLOAD_MAX_MB: "1" } });
  const user = new WebClient(server.url);
  const csrf = await user.signIn(init.admin_email, init.admin_password, "a11y test password");
  session = user.cookies.get("reachd_session")!;
  const made = await user.post("/repos", { _csrf: csrf, name: "acme/webapp", provider: "local", path: join(roots, "webapp") });
  const repoPath = made.location!.split("?")[0]!;
  const scan = await user.post(`${repoPath}/scans`, { _csrf: csrf, ref: "" });
  const scanPath = scan.location!;
  for (let i = 0; i < 400; i++) {
    const s = JSON.parse((await user.get(`${scanPath}/status.json`)).text);
    if (!["queued", "running"].includes(s.status)) break;
    await Bun.sleep(150);
  }
  pages = ["/", "/repos", repoPath, scanPath, "/advisories", "/advisories/RDTEST-2026-0001", "/settings/keys", "/settings/users", "/account/password", "/no/such/page"];
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  cleanup(roots, server?.dataDir ?? "");
});

async function signedIn(opts: { width: number; height: number; scale?: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: opts.width, height: opts.height }, deviceScaleFactor: opts.scale ?? 1 });
  await context.addCookies([{ name: "reachd_session", value: session, url: server.url }]);
  return context;
}

/** Visible form controls with no accessible name (label, aria-label(ledby), title, or text for buttons). */
const UNNAMED = `(() => {
  const named = (el) => {
    if ((el.getAttribute("aria-label") || "").trim()) return true;
    const by = el.getAttribute("aria-labelledby");
    if (by && by.split(/\\s+/).some((id) => (document.getElementById(id)?.textContent || "").trim())) return true;
    if (el.labels && [...el.labels].some((l) => l.textContent.trim())) return true;
    if ((el.getAttribute("title") || "").trim()) return true;
    if (el.tagName === "BUTTON" && el.textContent.trim()) return true;
    return false;
  };
  return [...document.querySelectorAll("input, select, textarea, button")]
    .filter((el) => el.type !== "hidden" && !el.hidden)
    .filter((el) => !named(el))
    .map((el) => el.outerHTML.slice(0, 120));
})()`;

/**
 * Marks every visible focusable element with data-a11y=<n>; returns how many. The links of the
 * closed Settings menu count once it is opened (see the test that opens it with Enter).
 */
const MARK = `(() => {
  const all = [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])")]
    .filter((el) => !el.disabled && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
    .filter((el) => !el.closest("details:not([open]) > :not(summary)"))
    // A radio group is one Tab stop (arrow keys move inside it): its checked radio, or its first.
    .filter((el) => {
      if (el.type !== "radio") return true;
      const group = [...el.form.querySelectorAll("input[type=radio]")].filter((r) => r.name === el.name);
      return el === (group.find((r) => r.checked) ?? group[0]);
    });
  all.forEach((el, i) => el.setAttribute("data-a11y", String(i)));
  return all.length;
})()`;

/** The focused element's mark and whether it shows a focus ring (outline or box-shadow). */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  const ring = (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== "none";
  return { mark: el.getAttribute("data-a11y"), ring, html: el.outerHTML.slice(0, 100) };
})()`;

async function tabThrough(page: Page): Promise<{ missed: string[]; unringed: string[] }> {
  const count = await page.evaluate<number>(MARK);
  const seen = new Set<string>();
  const unringed: string[] = [];
  for (let i = 0; i < count + 5; i++) {
    await page.keyboard.press("Tab");
    const f = await page.evaluate<{ mark: string | null; ring: boolean; html: string } | null>(FOCUSED);
    if (!f) continue;
    if (f.mark !== null) seen.add(f.mark);
    if (!f.ring) unringed.push(f.html);
  }
  const missed = await page.evaluate<string[]>(
    `[...document.querySelectorAll("[data-a11y]")].filter((el) => !${JSON.stringify([...seen])}.includes(el.getAttribute("data-a11y"))).map((el) => el.outerHTML.slice(0, 100))`,
  );
  return { missed, unringed };
}

test("every control on every page has a label, Tab reaches each one, and focus is visible", async () => {
  const context = await signedIn({ width: 1280, height: 900 });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/404/.test(m.text())) problems.push(m.text());
  });
  for (const path of [...pages, "/login"]) {
    if (path === "/login") await context.clearCookies();
    await page.goto(server.url + path);
    expect({ path, unnamed: await page.evaluate<string[]>(UNNAMED) }).toEqual({ path, unnamed: [] });
    const tab = await tabThrough(page);
    expect({ path, ...tab }).toEqual({ path, missed: [], unringed: [] });
  }
  expect(problems).toEqual([]);
  await context.close();
}, 180_000);

test("the Settings menu opens from the keyboard and its links follow in Tab order", async () => {
  const context = await signedIn({ width: 1280, height: 900 });
  const page = await context.newPage();
  await page.goto(server.url + "/");
  let text = "";
  for (let i = 0; i < 20 && text !== "Settings"; i++) {
    await page.keyboard.press("Tab");
    text = await page.evaluate<string>("document.activeElement?.textContent?.trim() ?? ''");
  }
  expect(text).toBe("Settings");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.evaluate("document.activeElement?.getAttribute('href')")).resolves.toBe("/settings/keys");
  await page.keyboard.press("Tab");
  await expect(page.evaluate("document.activeElement?.getAttribute('href')")).resolves.toBe("/settings/users");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/settings\/users$/);
  await context.close();
}, 60_000);

test("after a refused form the keyboard is on the field to fix; an upload past the cap is stopped before sending", async () => {
  const context = await signedIn({ width: 1280, height: 900 });
  const page = await context.newPage();
  await page.goto(server.url + pages[2]!);
  await page.getByLabel("Branch, tag or commit").fill("--upload-pack=x");
  await page.getByRole("button", { name: "Scan now" }).click();
  await page.getByText("ref is not a valid branch, tag or commit").waitFor();
  await expect(page.evaluate("document.activeElement?.id")).resolves.toBe("scan-ref");
  await expect(page.getByLabel("Branch, tag or commit").inputValue()).resolves.toBe("--upload-pack=x");

  await page.goto(server.url + "/advisories");
  await expect(page.getByText("Up to 1 MiB.").isVisible()).resolves.toBe(true);
  const requests: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") requests.push(r.url());
  });
  await page.getByLabel("Export file").setInputFiles({ name: "big.json", mimeType: "application/json", buffer: Buffer.alloc(2 * 1024 * 1024, 0x20) });
  await page.getByRole("button", { name: "Import" }).click();
  await page.getByText("This file is 2 MiB; the server accepts up to 1 MiB.").waitFor();
  await expect(page.evaluate("document.activeElement?.id")).resolves.toBe("upload-file");
  expect(requests).toEqual([]);
  await context.close();
}, 60_000);

test("at 200% zoom on a 1280 px window no page scrolls sideways", async () => {
  // 640 CSS px at device scale 2 is a 1280 px window at 200% zoom.
  const context = await signedIn({ width: 640, height: 800, scale: 2 });
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(server.url + path);
    const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
    expect({ path, overflow: Math.max(0, overflow) }).toEqual({ path, overflow: 0 });
  }
  await context.close();
}, 120_000);

test("the CSP stops a script injected into a page, and every cookie the server sets is HttpOnly and SameSite=Strict", async () => {
  const context = await signedIn({ width: 1280, height: 900 });
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/.test(m.text())) blocked.push(m.text());
  });
  await page.goto(server.url + "/repos");
  // As if escaping had failed: markup with inline script and handler put straight into the DOM.
  await page.evaluate(`document.body.insertAdjacentHTML("beforeend", '<img src="data:," onload="window.__xss=1">');
    const s = document.createElement("script"); s.textContent = "window.__xss2 = 1"; document.body.appendChild(s);`);
  await Bun.sleep(200);
  await expect(page.evaluate("[window.__xss, window.__xss2]")).resolves.toEqual([undefined, undefined]);
  expect(blocked.length).toBeGreaterThan(0);
  await context.close();

  // Every Set-Cookie on the way in and out: the login CSRF cookie, the session, their clearing.
  const client = new WebClient(server.url);
  const cookies: string[] = [];
  const login = await client.get("/login");
  cookies.push(...login.headers.getSetCookie());
  const signed = await client.post("/login", { _csrf: WebClient.csrf(login.text), email: "admin@reachd.local", password: "a11y test password", next: "/" });
  expect(signed.status).toBe(303);
  cookies.push(...signed.headers.getSetCookie());
  const home = await client.get("/");
  const out = await client.post("/logout", { _csrf: WebClient.csrf(home.text) });
  expect(out.location).toBe("/login");
  cookies.push(...out.headers.getSetCookie());
  expect(cookies.map((c) => c.split("=")[0]).sort()).toEqual(["reachd_login_csrf", "reachd_login_csrf", "reachd_session", "reachd_session"]);
  for (const c of cookies) {
    expect(c).toMatch(/;\s*HttpOnly/i);
    expect(c).toMatch(/;\s*SameSite=Strict/i);
  }
});
