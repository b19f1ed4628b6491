// The page frame every dashboard page shares: header with navigation, skip link, main landmark.
import { roleAtLeast, type Role } from "../accounts/users.ts";
import { html, type SafeHtml } from "./html.ts";
import { assetUrl } from "./assets.ts";
import { csrfField, type Session } from "./session.ts";

export interface NavItem {
  href: string;
  label: string;
  /** Shown under the Settings heading instead of the main row. */
  settings?: boolean;
  /** Shown only to users with at least this role. */
  role?: Role;
}

/**
 * Pages in the navigation. Only pages that exist are listed: each page group adds its own entry
 * here when it lands (repositories, advisories…).
 */
export const NAV: NavItem[] = [
  { href: "/repos", label: "Repositories" },
  { href: "/advisories", label: "Advisory database" },
  { href: "/settings/keys", label: "API keys", settings: true },
  { href: "/settings/users", label: "Users", settings: true, role: "admin" },
  { href: "/settings/webhooks", label: "Webhooks", settings: true, role: "admin" },
];

export interface Flash {
  kind: "ok" | "error";
  message: string;
}

export interface LayoutInput {
  title: string;
  session: Session | null;
  body: SafeHtml;
  flash?: Flash | null;
  /** Path of the current page, to mark its nav entry (defaults to none). */
  current?: string;
  /** Reload every this many seconds when scripts are off (app.js polls otherwise). */
  noscriptRefresh?: number;
}

function navLink(item: NavItem, current: string | undefined): SafeHtml {
  const here = current !== undefined && (current === item.href || current.startsWith(item.href + "/"));
  return html`<li><a href="${item.href}"${here ? html` aria-current="page"` : ""}>${item.label}</a></li>`;
}

function header(session: Session | null, current: string | undefined): SafeHtml {
  if (!session) {
    return html`<header class="top"><a class="brand" href="/">reachd</a></header>`;
  }
  // Until the one-time password is replaced every page leads back to the password form, so
  // links would only go in circles: sign-out is the one way elsewhere.
  const visible = session.user.mustChangePassword ? [] : NAV.filter((n) => !n.role || roleAtLeast(session.user.role, n.role));
  const main = visible.filter((n) => !n.settings);
  const settings = visible.filter((n) => n.settings);
  return html`<header class="top">
  <a class="brand" href="/">reachd</a>
  ${
    visible.length > 0
      ? html`<nav aria-label="Main">
    <ul class="nav">${main.map((n) => navLink(n, current))}</ul>
    <details class="settings">
      <summary${current?.startsWith("/settings") ? html` class="current"` : ""}>Settings</summary>
      <ul>${settings.map((n) => navLink(n, current))}</ul>
    </details>
  </nav>`
      : ""
  }
  <form class="signout" method="post" action="/logout">
    ${csrfField(session)}
    <a class="who" href="/account/password" title="Change your password">${session.user.email} <span class="role">(${session.user.role})</span></a>
    <button type="submit">Sign out</button>
  </form>
</header>`;
}

/** A contract timestamp shown shorter ("2026-11-23 13:02 UTC"), machine-readable in datetime. */
export function timestamp(stamp: string | null, none = "never"): SafeHtml {
  if (!stamp) return html`${none}`;
  return html`<time datetime="${stamp}">${stamp.slice(0, 10)} ${stamp.slice(11, 16)} UTC</time>`;
}

export function flashBox(flash: Flash | null | undefined): SafeHtml {
  if (!flash) return html``;
  return html`<div class="flash flash-${flash.kind}" role="${flash.kind === "error" ? "alert" : "status"}">${flash.message}</div>`;
}

export function layout(input: LayoutInput): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title} · reachd</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assetUrl("app.css")}">
<script src="${assetUrl("app.js")}" defer></script>
${input.noscriptRefresh ? html`<noscript><meta http-equiv="refresh" content="${input.noscriptRefresh}"></noscript>` : ""}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${header(input.session, input.current)}
<main id="main" tabindex="-1">
${flashBox(input.flash)}
${input.body}
</main>
</body>
</html>`;
}
