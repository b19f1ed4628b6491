// How the page groups answer: HTML responses, the sign-in redirect, role checks, and typed
// errors rendered as pages (the API's error body is for /v1 only).
import { AppError } from "../../errors.ts";
import { getAccount } from "../../accounts/service.ts";
import type { DB } from "../../store/database.ts";
import type { Account } from "../../store/tables.ts";
import { html, type SafeHtml } from "../html.ts";
import { layout } from "../layout.ts";
import { checkCsrf, loadSession, type Session } from "../session.ts";
import { canWrite } from "./parts.ts";

export const SIGN_IN_PATH = "/login";

export function page(session: Session | null, title: string, body: SafeHtml, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(String(layout({ title, session, body })), {
    status: init.status ?? 200,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...init.headers },
  });
}

export const redirect = (to: string): Response => new Response(null, { status: 303, headers: { location: to } });

/** A failure a page can show: its status and a message for a person, never a stack trace. */
export function errorPage(session: Session | null, err: AppError): Response {
  const title = err.status === 404 ? "Not found" : err.status === 403 ? "Not allowed" : "Something went wrong";
  return page(session, title, html`<h1>${title}</h1><p role="alert">${err.message}</p><p><a href="/repos">Back to repositories</a></p>`, {
    status: err.status,
  });
}

export interface Ctx {
  session: Session;
  account: Account;
}

/**
 * Runs a page handler for a signed-in user of a live account: no session redirects to sign-in
 * (back to this page afterwards), typed errors become error pages.
 */
export async function withSession(db: DB, request: Request, handler: (ctx: Ctx) => Promise<Response>): Promise<Response> {
  const session = await loadSession(request, db);
  if (!session) {
    const url = new URL(request.url);
    const back = request.method === "GET" ? `?next=${encodeURIComponent(url.pathname + url.search)}` : "";
    return redirect(`${SIGN_IN_PATH}${back}`);
  }
  const account = await getAccount(db, session.accountId);
  if (!account) return redirect(SIGN_IN_PATH);
  try {
    return await handler({ session, account });
  } catch (e) {
    if (e instanceof AppError) return errorPage(session, e);
    throw e;
  }
}

/** A state-changing form: the CSRF token must match, and the role must allow writing. */
export function assertWrite(session: Session, body: unknown): void {
  if (!checkCsrf(session, body)) throw new AppError("insufficient_scope", "the form expired or did not come from this site; reload the page and try again");
  if (!canWrite(session.user.role)) throw new AppError("insufficient_scope", "your role is viewer: it can read but not change anything");
}
