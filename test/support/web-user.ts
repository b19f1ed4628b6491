// A signed-in dashboard user as plain data (session cookie + CSRF token), so one test can act as
// several users side by side; signing in goes through WebClient and the real sign-in form.
import { expect } from "bun:test";
import { WebClient } from "./web.ts";

export interface WebUser {
  cookie: string;
  csrf: string;
}

export interface WebResponse {
  status: number;
  headers: Headers;
  text: string;
}

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

/** Signs in with a one-time password (changing it) and returns the live session. */
export async function signIn(server: { url: string }, email: string, oneTime: string, newPassword = "correct horse battery staple"): Promise<WebUser> {
  const client = new WebClient(server.url);
  const csrf = await client.signIn(email, oneTime, newPassword);
  const cookie = client.cookies.get("reachd_session");
  expect(cookie).toBeString();
  return { cookie: cookie!, csrf };
}
