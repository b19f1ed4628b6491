// How the repository, scan and advisory pages answer, on top of the foundation's http.ts: the
// signed-in account for a handler, and the API's typed errors (src/errors.ts) shown as pages.
import { AppError } from "../../errors.ts";
import { getAccount } from "../../accounts/service.ts";
import type { Account } from "../../store/tables.ts";
import type { SafeHtml } from "../html.ts";
import { htmlResponse, requireForm, requireRole, requireSession, WebError, WebRedirect, type WebDeps } from "../http.ts";
import { layout, type Flash } from "../layout.ts";
import type { Session } from "../session.ts";

export interface Ctx {
  session: Session;
  account: Account;
}

export function page(
  ctx: Ctx,
  title: string,
  body: SafeHtml,
  init: { status?: number; headers?: Record<string, string>; current?: string; flash?: Flash; noscriptRefresh?: number } = {},
): Response {
  return htmlResponse(layout({ title, session: ctx.session, body, current: init.current, flash: init.flash, noscriptRefresh: init.noscriptRefresh }), {
    status: init.status,
    headers: init.headers,
  });
}

const TITLES: Record<number, string> = { 400: "Bad request", 403: "Not allowed", 404: "Not found", 409: "Not yet", 413: "Too large", 503: "Unavailable" };

/** A service's typed error as the page error the foundation renders (status and message kept). */
export function asWebError(e: AppError): WebError {
  return new WebError(e.status, TITLES[e.status] ?? "Something went wrong", e.message, e.headers);
}

async function run(ctx: Ctx, handler: (ctx: Ctx) => Promise<Response>): Promise<Response> {
  try {
    return await handler(ctx);
  } catch (e) {
    throw e instanceof AppError ? asWebError(e) : e;
  }
}

async function accountOf(deps: WebDeps, session: Session): Promise<Ctx> {
  const account = await getAccount(deps.db, session.accountId);
  // The account was deleted under a live session: sign in again.
  if (!account) throw new WebRedirect("/login");
  return { session, account };
}

/** A page for any signed-in user of the account. */
export async function withSession(deps: WebDeps, request: Request, handler: (ctx: Ctx) => Promise<Response>): Promise<Response> {
  return run(await accountOf(deps, await requireSession(deps, request)), handler);
}

/** A state-changing form (CSRF and origin checked by requireForm), for members and admins only. */
export async function withForm(
  deps: WebDeps,
  request: Request,
  body: unknown,
  handler: (ctx: Ctx, form: URLSearchParams) => Promise<Response>,
): Promise<Response> {
  const { session, form } = await requireForm(deps, request, body);
  requireRole(session, "member");
  return run(await accountOf(deps, session), (ctx) => handler(ctx, form));
}
