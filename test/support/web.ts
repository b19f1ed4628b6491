// A signed-in dashboard user over plain fetch: the real sign-in form (login CSRF cookie), the
// forced first password change, then the session cookie and its CSRF token for later forms.
import { expect } from "bun:test";

export interface WebUser {
  cookie: string;
  csrf: string;
}

export interface WebResponse {
  status: number;
  headers: Headers;
  text: string;
}

function cookieFrom(res: Response, name: string): string | null {
  for (const c of res.headers.getSetCookie()) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(c);
    if (m && m[1]) return m[1];
  }
  return null;
}

export const csrfIn = (page: string): string => /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";

export async function web(
  server: { url: string },
  method: string,
  path: string,
  opts: { user?: WebUser | null; form?: Record<string, string>; body?: string | FormData | Blob; headers?: Record<string, string> } = {},
): Promise<WebResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.user) headers.cookie = `reachd_session=${opts.user.cookie}`;
  let body = opts.body;
  if (opts.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(server.url + path, { method, headers, body, redirect: "manual" });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Signs in with a one-time password, sets `newPassword`, and returns the live session. */
export async function signIn(server: { url: string }, email: string, oneTime: string, newPassword = "correct horse battery staple"): Promise<WebUser> {
  const login = await fetch(`${server.url}/login`, { redirect: "manual" });
  const loginCsrf = cookieFrom(login, "reachd_login_csrf")!;
  expect(loginCsrf).toBeString();
  const posted = await fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: `reachd_login_csrf=${loginCsrf}` },
    body: new URLSearchParams({ _csrf: csrfIn(await login.text()), email, password: oneTime, next: "/" }).toString(),
  });
  expect(posted.status).toBe(303);
  const cookie = cookieFrom(posted, "reachd_session")!;
  expect(cookie).toBeString();
  const user: WebUser = { cookie, csrf: "" };
  if (posted.headers.get("location") === "/account/password") {
    const form = await web(server, "GET", "/account/password", { user });
    const changed = await web(server, "POST", "/account/password", {
      user,
      form: { _csrf: csrfIn(form.text), current: oneTime, password: newPassword, confirm: newPassword },
    });
    expect(changed.status).toBe(303);
  }
  user.csrf = csrfIn((await web(server, "GET", "/repos", { user })).text);
  expect(user.csrf).not.toBe("");
  return user;
}
