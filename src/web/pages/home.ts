// `/`: sign-in when signed out; signed in, what to do first.
import { Elysia } from "elysia";
import { roleAtLeast } from "../../accounts/users.ts";
import { html } from "../html.ts";
import { htmlResponse, requireSession, webContext, type WebDeps } from "../http.ts";
import { layout } from "../layout.ts";

export const homePage = (deps: WebDeps) =>
  new Elysia({ name: "reachd-web-home" })
    .use(webContext(deps))
    .get("/", async ({ request, query }) => {
      const session = await requireSession(deps, request);
      const repos = await deps.db
        .selectFrom("repos")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("account_id", "=", session.accountId)
        .executeTakeFirstOrThrow();
      const canKeys = roleAtLeast(session.user.role, "member");
      const body = html`<h1>Welcome to reachd</h1>
<section class="empty" aria-labelledby="first">
<h2 id="first">${Number(repos.n) === 0 ? "Start by connecting a repository" : `Your account has ${Number(repos.n)} connected ${Number(repos.n) === 1 ? "repository" : "repositories"}`}</h2>
<ol>
  <li>${canKeys ? html`<a href="/repos">Connect a repository</a> and press <strong>Scan now</strong>` : html`Open <a href="/repos">Repositories</a> (a member or admin connects them)`}; a scan's page shows its findings and their call paths.</li>
  <li>From CI or scripts: ${canKeys ? html`<a href="/settings/keys">create an API key</a>` : "ask an admin or member for an API key"} with the <code>repos:write</code> and <code>scans:write</code> scopes, then <code>POST /v1/repos</code> (a local git repository needs <code>REACHD_LOCAL_ROOTS</code>) and <code>POST /v1/repos/&lt;id&gt;/scans</code>; findings are at <code>GET /v1/scans/&lt;id&gt;/findings</code>.</li>
</ol>
</section>`;
      // Landing here right after choosing a password: say it worked.
      const flash = query.password === "saved" ? ({ kind: "ok", message: "Password saved." } as const) : null;
      return htmlResponse(layout({ title: "Home", session, body, current: "/", flash }));
    });
