// Sign-in, sign-out and the first-time password change. Sign-in attempts are limited per client
// address and per email with the API's token buckets; every success starts a fresh session id.
import { Elysia } from "elysia";
import { createSession, endSession, endUserSessions, randomToken, SESSION_MAX_MS } from "../../accounts/sessions.ts";
import { MAX_PASSWORD, MIN_PASSWORD, normalizeEmail, passwordProblem, setPassword, verifyLogin } from "../../accounts/users.ts";
import { html } from "../html.ts";
import { checkOrigin, formOf, htmlResponse, redirect, requireForm, requireSession, safeNext, WebError, webContext, type WebDeps } from "../http.ts";
import { layout, type Flash } from "../layout.ts";
import {
  clearCookieHeader,
  cookieHeader,
  CSRF_FIELD,
  csrfField,
  LOGIN_CSRF_COOKIE,
  loadSession,
  readCookie,
  SESSION_COOKIE,
  tokensEqual,
} from "../session.ts";

/**
 * Failed sign-in attempts per minute: per client address, and per email whatever the address.
 * Every attempt takes a token before the password is checked (so parallel guesses are counted
 * too); a good one gives it back.
 */
export const LOGIN_LIMIT_PER_IP = 20;
export const LOGIN_LIMIT_PER_EMAIL = 10;

function loginPage(input: { token: string; next: string; email?: string; flash?: Flash }) {
  const body = html`<div class="narrow">
<h1>Sign in</h1>
<form class="stack panel" method="post" action="/login">
  <input type="hidden" name="${CSRF_FIELD}" value="${input.token}">
  <input type="hidden" name="next" value="${input.next}">
  <div><label for="email">Email</label>
    <input type="email" id="email" name="email" autocomplete="username" required value="${input.email ?? ""}" autofocus></div>
  <div><label for="password">Password</label>
    <input type="password" id="password" name="password" autocomplete="current-password" required maxlength="${MAX_PASSWORD}"></div>
  <div><button type="submit">Sign in</button></div>
</form>
<p class="hint">No account yet? An operator creates users with <code>reachd users create</code>; the first admin is printed by <code>reachd init</code>.</p>
</div>`;
  return layout({ title: "Sign in", session: null, body, flash: input.flash });
}

function clientAddress(request: Request, server: { requestIP(r: Request): { address: string } | null } | null): string {
  return server?.requestIP(request)?.address ?? "unknown";
}

function passwordPage(session: NonNullable<Awaited<ReturnType<typeof loadSession>>>, flash?: Flash) {
  const first = session.user.mustChangePassword;
  const body = html`<div class="narrow">
<h1>${first ? "Choose your password" : "Change your password"}</h1>
${first ? html`<p>You signed in with a one-time password. Choose your own to continue.</p>` : ""}
<form class="stack panel" method="post" action="/account/password">
  ${csrfField(session)}
  <input type="text" name="username" autocomplete="username" value="${session.user.email}" hidden>
  <div><label for="current">Current password</label>
    <input type="password" id="current" name="current" autocomplete="current-password" required></div>
  <div><label for="password">New password</label>
    <input type="password" id="password" name="password" autocomplete="new-password" required minlength="${MIN_PASSWORD}" maxlength="${MAX_PASSWORD}" aria-describedby="password-hint">
    <p class="hint" id="password-hint">At least ${MIN_PASSWORD} characters.</p></div>
  <div><label for="confirm">New password again</label>
    <input type="password" id="confirm" name="confirm" autocomplete="new-password" required></div>
  <div><button type="submit">Save password</button></div>
</form></div>`;
  return layout({ title: "Password", session, body, flash });
}

export const authPages = (deps: WebDeps) =>
  new Elysia({ name: "reachd-web-auth" })
    .use(webContext(deps))
    .get("/login", async ({ request, query }) => {
      if (await loadSession(request, deps.db)) return redirect(safeNext(query.next));
      // A fresh token per visit, in a cookie and in the form: a page on another site cannot read
      // either, so it cannot sign a victim in to the attacker's account.
      const token = randomToken();
      return htmlResponse(loginPage({ token, next: safeNext(query.next) }), {
        cookies: [cookieHeader(request, LOGIN_CSRF_COOKIE, token, 3600)],
      });
    })
    .post("/login", async ({ request, body, server }) => {
      checkOrigin(request);
      const form = formOf(body);
      const next = safeNext(form.get("next"));
      const cookieToken = readCookie(request, LOGIN_CSRF_COOKIE) ?? "";
      if (!tokensEqual(cookieToken, form.get(CSRF_FIELD) ?? "")) {
        throw new WebError(403, "Form expired", "The sign-in form expired or came from another site. Reload the sign-in page and try again.");
      }
      const email = normalizeEmail(form.get("email") ?? "").slice(0, 254);
      const password = form.get("password") ?? "";
      const again = (flash: Flash, status: number, headers: Record<string, string> = {}) => {
        const token = randomToken();
        return htmlResponse(loginPage({ token, next, email, flash }), {
          status,
          headers,
          cookies: [cookieHeader(request, LOGIN_CSRF_COOKIE, token, 3600)],
        });
      };
      const buckets = [
        { key: `login-ip:${clientAddress(request, server)}`, limit: LOGIN_LIMIT_PER_IP },
        { key: `login-email:${email}`, limit: LOGIN_LIMIT_PER_EMAIL },
      ];
      const decision = deps.limiter.take(buckets);
      if (!decision.allowed) {
        const wait = decision.state.retryAfter;
        return again({ kind: "error", message: `Too many sign-in attempts. Try again in ${wait} seconds.` }, 429, { "retry-after": String(wait) });
      }
      const user = email && password ? await verifyLogin(deps.db, email, password) : null;
      if (!user) return again({ kind: "error", message: "Email or password is wrong." }, 401);
      deps.limiter.refund(buckets);

      // Whatever session id the browser came with is dropped: the signed-in id is always new.
      const old = readCookie(request, SESSION_COOKIE);
      if (old) {
        const prior = await loadSession(request, deps.db);
        if (prior) await endSession(deps.db, prior.idHash);
      }
      const id = await createSession(deps.db, user.id);
      const target = user.must_change_password === 1 ? "/account/password" : next;
      return redirect(target, [
        cookieHeader(request, SESSION_COOKIE, id, Math.floor(SESSION_MAX_MS / 1000)),
        clearCookieHeader(request, LOGIN_CSRF_COOKIE),
      ]);
    })
    .post("/logout", async ({ request, body }) => {
      const { session } = await requireForm(deps, request, body);
      await endSession(deps.db, session.idHash);
      return redirect("/login", [clearCookieHeader(request, SESSION_COOKIE)]);
    })
    .get("/account/password", async ({ request }) => {
      const session = await requireSession(deps, request, { allowPasswordChange: true });
      return htmlResponse(passwordPage(session));
    })
    .post("/account/password", async ({ request, body }) => {
      const { session, form } = await requireForm(deps, request, body);
      const current = form.get("current") ?? "";
      const password = form.get("password") ?? "";
      const fail = (message: string) => htmlResponse(passwordPage(session, { kind: "error", message }), { status: 400 });
      if (!(await verifyLogin(deps.db, session.user.email, current))) return fail("The current password is wrong.");
      const problem = passwordProblem(password);
      if (problem) return fail(`The new password ${problem}.`);
      if (password !== (form.get("confirm") ?? "")) return fail("The two new passwords differ.");
      if (password === current) return fail("The new password must differ from the current one.");
      await setPassword(deps.db, session.user.id, password);
      // Other sign-ins of this user end: whoever knew the old password is out.
      await endUserSessions(deps.db, session.user.id, session.idHash);
      return redirect("/?password=saved");
    });
