// The dashboard's HTTP plumbing: HTML responses with a strict CSP, form bodies, typed page
// errors turned into HTML pages, and the session guards every page handler calls first.
import { Elysia } from "elysia";
import type { ApiDeps } from "../api/deps.ts";
import { roleAtLeast, type Role } from "../accounts/users.ts";
import { html, type SafeHtml } from "./html.ts";
import { layout } from "./layout.ts";
import { checkCsrf, loadSession, type Session } from "./session.ts";

export type WebDeps = ApiDeps;

/** No outside URLs, no inline script or style: an injected tag can neither run nor phone home. */
export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function securityHeaders(): Record<string, string> {
  return {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
  };
}

/** An HTML page response; pages are never cached (they hold account data and CSRF tokens). */
export function htmlResponse(body: SafeHtml, init: { status?: number; headers?: Record<string, string>; cookies?: string[] } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "text/html; charset=utf-8");
  headers.set("cache-control", "no-store");
  for (const [k, v] of Object.entries(securityHeaders())) headers.set(k, v);
  for (const c of init.cookies ?? []) headers.append("set-cookie", c);
  return new Response(body.value, { status: init.status ?? 200, headers });
}

/** 303 See Other: after a POST the browser GETs the target, so a reload does not resubmit. */
export function redirect(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const [k, v] of Object.entries(securityHeaders())) headers.set(k, v);
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
}

/** A page-level failure, shown as an HTML error page with its status. */
export class WebError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Thrown to send the browser elsewhere (sign-in) from inside a guard. */
export class WebRedirect extends Error {
  constructor(readonly location: string) {
    super(`redirect to ${location}`);
  }
}

export const forbidden = (message = "Your role does not allow this.") => new WebError(403, "Not allowed", message);
export const pageNotFound = () => new WebError(404, "Not found", "There is no such page, or it belongs to another account.");

export function errorPage(err: WebError, session: Session | null): Response {
  const body = html`<h1>${err.title}</h1><p>${err.message}</p><p><a href="/">Back to the dashboard</a></p>`;
  return htmlResponse(layout({ title: err.title, session, body }), { status: err.status, headers: err.headers });
}

/** Only same-site paths: `next=//evil.example` or `/\evil` must not become an open redirect. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\") || /[\u0000-\u001f]/.test(next)) return "/";
  return next.length > 500 ? "/" : next;
}

function pathAndQuery(request: Request): string {
  const u = new URL(request.url);
  return u.pathname + u.search;
}

/**
 * The signed-in session, or a redirect to sign-in. A user still holding a one-time password is
 * sent to change it first.
 */
export async function requireSession(deps: WebDeps, request: Request, opts: { allowPasswordChange?: boolean } = {}): Promise<Session> {
  const session = await loadSession(request, deps.db);
  if (!session) throw new WebRedirect(`/login?next=${encodeURIComponent(pathAndQuery(request))}`);
  if (session.user.mustChangePassword && !opts.allowPasswordChange) throw new WebRedirect("/account/password");
  return session;
}

export function requireRole(session: Session, role: Role): void {
  if (!roleAtLeast(session.user.role, role)) throw forbidden(`This needs the ${role} role; you are ${session.user.role}.`);
}

/** The form body of a POST (see webContext's parser); an empty one when it was something else. */
export function formOf(body: unknown): URLSearchParams {
  return body instanceof URLSearchParams ? body : new URLSearchParams();
}

/**
 * For every POST: a signed-in session, a same-origin request, and the session's CSRF token in
 * the form. Anything else is 403 before the handler does any work.
 */
export async function requireForm(deps: WebDeps, request: Request, body: unknown): Promise<{ session: Session; form: URLSearchParams }> {
  checkOrigin(request);
  const session = await loadSession(request, deps.db);
  const form = formOf(body);
  if (!session) throw new WebRedirect("/login");
  if (!checkCsrf(session, form)) throw new WebError(403, "Form expired", "The form's security token is missing or wrong. Go back, reload the page and try again.");
  return { session, form };
}

/**
 * A cross-site POST names another origin; browsers send Origin on every POST. The host may be the
 * one the browser used (Host) or, behind a proxy that rewrites Host, X-Forwarded-Host: a page on
 * another site can set neither. The CSRF token is the real check; this one is a second lock.
 */
export function checkOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const refuse = () => new WebError(403, "Form expired", "This form was sent from another site.");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw refuse(); // includes the opaque origin "null" (sandboxed frames, data: URLs)
  }
  const hosts = [request.headers.get("host"), ...(request.headers.get("x-forwarded-host") ?? "").split(",")].map((h) => h?.trim()).filter(Boolean);
  if (hosts.length > 0 && !hosts.includes(originHost)) throw refuse();
}

const MAX_FORM_BYTES = 64 * 1024;

async function readForm(request: Request): Promise<URLSearchParams> {
  const tooLarge = () => new WebError(413, "Too large", "The form is larger than this page accepts.");
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    // The server holds a request to the length it declares, so this bound is the body's bound.
    if (Number(declared) > MAX_FORM_BYTES) throw tooLarge();
    return new URLSearchParams(await request.text());
  }
  // No declared length (chunked): counted while streaming, since sign-in takes forms before anyone
  // is authenticated and nothing past the bound may be buffered.
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      size += chunk.byteLength;
      if (size > MAX_FORM_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  }
  return new URLSearchParams(Buffer.concat(chunks, size).toString("utf8"));
}

/**
 * What every page plugin uses first: form parsing and HTML error pages for its own routes.
 * Unnamed on purpose: Elysia deduplicates named plugins, and each page plugin needs its own copy.
 */
export const webContext = (deps: WebDeps) =>
  new Elysia()
    .onParse({ as: "scoped" }, async ({ request, contentType }) => {
      if (contentType?.toLowerCase().startsWith("application/x-www-form-urlencoded")) return readForm(request);
    })
    .onError({ as: "scoped" }, async ({ error, request, code }) => {
      if (error instanceof WebRedirect) return redirect(error.location);
      const session = await loadSession(request, deps.db).catch(() => null);
      if (error instanceof WebError) return errorPage(error, session);
      // Elysia wraps what the parse hook throws (readForm's 413) in its ParseError.
      if (code === "PARSE" && error instanceof Error && error.cause instanceof WebError) return errorPage(error.cause, session);
      if (code === "NOT_FOUND") return errorPage(pageNotFound(), session);
      if (code === "VALIDATION" || code === "PARSE") return errorPage(new WebError(400, "Bad request", "The request could not be read."), session);
      deps.log.error("dashboard error", { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return errorPage(new WebError(500, "Something went wrong", "The error was logged. Try again, or tell the operator."), session);
    });
