// A small browser stand-in for dashboard tests: a cookie jar, no redirect following (tests look at
// each 303), and form posts that carry the page's CSRF token the way a browser would.
export class WebClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, opts: { form?: Record<string, string | string[]>; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size > 0) headers.cookie ??= this.cookieHeader();
    let body: string | undefined;
    if (opts.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(opts.form)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
      body = params.toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    const res = await fetch(this.base + path, { method, headers, body, redirect: "manual" });
    this.remember(res);
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, location: res.headers.get("location") };
  }

  get(path: string) {
    return this.request("GET", path);
  }

  post(path: string, form: Record<string, string | string[]>, headers?: Record<string, string>) {
    return this.request("POST", path, { form, headers });
  }

  /** The CSRF token of the first form on a page. */
  static csrf(page: string): string {
    const m = /name="_csrf" value="([^"]+)"/.exec(page);
    if (!m) throw new Error("page has no CSRF field");
    return m[1]!;
  }

  /** Signs in (and, for a one-time password, sets `newPassword`); returns the session's CSRF token. */
  async signIn(email: string, password: string, newPassword?: string): Promise<string> {
    const login = await this.get("/login");
    const res = await this.post("/login", { _csrf: WebClient.csrf(login.text), email, password, next: "/" });
    if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}\n${res.text}`);
    if (res.location === "/account/password") {
      if (!newPassword) throw new Error("a new password is needed");
      const page = await this.get("/account/password");
      const done = await this.post("/account/password", { _csrf: WebClient.csrf(page.text), current: password, password: newPassword, confirm: newPassword });
      if (done.status !== 303) throw new Error(`password change failed: ${done.status}\n${done.text}`);
    }
    return WebClient.csrf((await this.get("/")).text);
  }
}
