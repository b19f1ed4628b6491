// Settings → Users (admins only): add a user with a one-time password, change roles, remove.
// Admins cannot demote or remove themselves, so an account always keeps the admin acting on it.
import { Elysia } from "elysia";
import { createUser, deleteUser, getUser, isRole, listUsers, ROLES, setRole } from "../../accounts/users.ts";
import { html, type SafeHtml } from "../html.ts";
import { htmlResponse, pageNotFound, redirect, requireForm, requireRole, requireSession, webContext, type WebDeps } from "../http.ts";
import { layout, timestamp, type Flash } from "../layout.ts";
import { csrfField, type Session } from "../session.ts";

const ROLE_HINT: Record<string, string> = {
  admin: "everything, including users and keys with the admin scope",
  member: "API keys without the admin scope, repositories and scans",
  viewer: "reads only",
};

function roleSelect(id: string, selected: string, label: SafeHtml): SafeHtml {
  return html`<label for="${id}" class="sr-only">${label}</label><select id="${id}" name="role">${ROLES.map(
    (r) => html`<option value="${r}"${r === selected ? html` selected` : ""}>${r}</option>`,
  )}</select>`;
}

async function usersPage(
  deps: WebDeps,
  session: Session,
  opts: { flash?: Flash; status?: number; created?: { email: string; password: string }; email?: string; role?: string } = {},
) {
  const users = await listUsers(deps.db, session.accountId);
  const created = opts.created
    ? html`<section class="panel" aria-labelledby="created-title">
<h2 id="created-title">User ${opts.created.email} added</h2>
<p><strong>Give them this one-time password now: it is shown only this once.</strong> Their first sign-in replaces it.</p>
<div class="secret">
  <label for="new-password" class="hint">One-time password</label>
  <input type="text" id="new-password" readonly value="${opts.created.password}" autocomplete="off" spellcheck="false">
  <button type="button" class="secondary" data-copy="new-password" hidden>Copy</button>
  <span id="new-password-status" class="sr-only" role="status" aria-live="polite"></span>
</div></section>`
    : "";
  const body = html`<h1>Users</h1>
${created}
<h2 id="add-user">Add a user</h2>
<form class="stack panel" method="post" action="/settings/users" aria-labelledby="add-user">
  ${csrfField(session)}
  <div><label for="user-email">Email</label>
    <input type="email" id="user-email" name="email" required maxlength="254" value="${opts.email ?? ""}" autocomplete="off"></div>
  <fieldset><legend>Role</legend><div class="checks">${ROLES.map(
    (r) => html`<label><input type="radio" name="role" value="${r}"${r === (opts.role ?? "member") ? html` checked` : ""}> <span>${r} <span class="hint">${ROLE_HINT[r]}</span></span></label>`,
  )}</div></fieldset>
  <div><button type="submit">Add user</button></div>
</form>
<h2>Users of this account</h2>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Added</th><th scope="col">Last sign-in</th><th scope="col"><span class="hint">Actions</span></th></tr></thead>
<tbody>${users.map((u) => {
    const self = u.id === session.user.id;
    return html`<tr>
  <td>${u.email}${self ? html` <span class="hint">(you)</span>` : ""}${u.must_change_password ? html` <span class="badge">one-time password</span>` : ""}</td>
  <td>${
    self
      ? u.role
      : html`<form class="inline" method="post" action="/settings/users/${u.id}/role">${csrfField(session)}${roleSelect(`role-${u.id}`, u.role, html`Role of ${u.email}`)}<button type="submit" class="secondary" aria-label="Save role of ${u.email}">Save</button></form>`
  }</td>
  <td>${timestamp(u.created_at)}</td>
  <td>${timestamp(u.last_login_at)}</td>
  <td>${
    self
      ? ""
      : html`<form method="post" action="/settings/users/${u.id}/remove">${csrfField(session)}<button type="submit" class="danger" aria-label="Remove user ${u.email}">Remove</button></form>`
  }</td>
</tr>`;
  })}</tbody></table></div>`;
  return htmlResponse(layout({ title: "Users", session, body, flash: opts.flash, current: "/settings/users" }), { status: opts.status });
}

export const usersPages = (deps: WebDeps) =>
  new Elysia({ name: "reachd-web-users" })
    .use(webContext(deps))
    .get("/settings/users", async ({ request, query }) => {
      const session = await requireSession(deps, request);
      requireRole(session, "admin");
      const done = typeof query.done === "string" ? query.done : "";
      const flash: Flash | undefined = done === "role" ? { kind: "ok", message: "Role saved." } : done === "removed" ? { kind: "ok", message: "User removed." } : undefined;
      return usersPage(deps, session, { flash });
    })
    .post("/settings/users", async ({ request, body }) => {
      const { session, form } = await requireForm(deps, request, body);
      requireRole(session, "admin");
      const email = (form.get("email") ?? "").trim();
      const role = form.get("role") ?? "";
      const made = await createUser(deps.db, { accountId: session.accountId, email, role });
      if ("error" in made) {
        const message = made.error === "email_taken" ? "A user with that email exists already." : `The ${made.field} ${made.issue}.`;
        return usersPage(deps, session, { status: made.error === "email_taken" ? 409 : 400, email, role, flash: { kind: "error", message } });
      }
      deps.log.info("user created in dashboard", { user_id: made.user.id, by: session.user.id });
      return usersPage(deps, session, { created: { email: made.user.email, password: made.password } });
    })
    .post("/settings/users/:id/role", async ({ request, body, params }) => {
      const { session, form } = await requireForm(deps, request, body);
      requireRole(session, "admin");
      const user = await getUser(deps.db, session.accountId, params.id);
      if (!user) throw pageNotFound();
      const role = form.get("role") ?? "";
      if (!isRole(role)) return usersPage(deps, session, { status: 400, flash: { kind: "error", message: `Role must be one of ${ROLES.join(", ")}.` } });
      if (user.id === session.user.id) return usersPage(deps, session, { status: 409, flash: { kind: "error", message: "Ask another admin to change your own role." } });
      await setRole(deps.db, session.accountId, user.id, role);
      return redirect("/settings/users?done=role");
    })
    .post("/settings/users/:id/remove", async ({ request, body, params }) => {
      const { session } = await requireForm(deps, request, body);
      requireRole(session, "admin");
      const user = await getUser(deps.db, session.accountId, params.id);
      if (!user) throw pageNotFound();
      if (user.id === session.user.id) return usersPage(deps, session, { status: 409, flash: { kind: "error", message: "You cannot remove yourself." } });
      // Removing the user removes their sessions too (foreign key cascade).
      await deleteUser(deps.db, session.accountId, user.id);
      deps.log.info("user removed in dashboard", { user_id: user.id, by: session.user.id });
      return redirect("/settings/users?done=removed");
    });
