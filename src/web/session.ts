// The request side of dashboard sessions: the cookie, its flags, and the CSRF synchronizer token
// that every form carries and every POST must return.
import { timingSafeEqual } from "node:crypto";
import { findSession, type SessionData } from "../accounts/sessions.ts";
import type { DB } from "../store/database.ts";
import { html, type SafeHtml } from "./html.ts";

export type Session = SessionData;

export const SESSION_COOKIE = "reachd_session";
/** Before sign-in there is no session to bind a token to: the login form's token sits in this cookie. */
export const LOGIN_CSRF_COOKIE = "reachd_login_csrf";
export const CSRF_FIELD = "_csrf";

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** TLS seen by this process, or the operator says a TLS proxy sits in front (REACHD_COOKIE_SECURE=1). */
export function isSecureRequest(request: Request): boolean {
  return request.url.startsWith("https:") || process.env.REACHD_COOKIE_SECURE === "1";
}

export function cookieHeader(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${maxAgeSeconds}`];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookieHeader(request: Request, name: string): string {
  return cookieHeader(request, name, "", 0);
}

export async function loadSession(request: Request, db: DB): Promise<Session | null> {
  const value = readCookie(request, SESSION_COOKIE);
  return value ? findSession(db, value) : null;
}

export function csrfField(session: { csrf: string }): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${session.csrf}">`;
}

export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** True when the form returns the session's token. */
export function checkCsrf(session: { csrf: string }, form: URLSearchParams): boolean {
  const sent = form.get(CSRF_FIELD);
  return typeof sent === "string" && tokensEqual(sent, session.csrf);
}
