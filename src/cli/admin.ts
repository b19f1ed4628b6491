// init, accounts and keys: operator commands that work on the data dir directly, no server.
import { isoNow } from "../time.ts";
import { createAccount, createKey, getAccount, listKeys, publicKey, revokeKey } from "../accounts/service.ts";
import { isPlan, isScope, PLANS, SCOPES, type Plan, type Scope } from "../accounts/scopes.ts";
import type { DB } from "../store/database.ts";
import { OPERATOR_KEY } from "../accounts/operator.ts";
import { createUser, listUsers, ROLES } from "../accounts/users.ts";
import { UsageError, required, str, type Flags } from "./args.ts";
import type { Output } from "./output.ts";

export async function isInitialized(db: DB): Promise<boolean> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", "initialized_at").executeTakeFirst();
  return !!row;
}

export const DEFAULT_ADMIN_EMAIL = "admin@reachd.local";

/**
 * The first account, its admin key and its first admin user (for the dashboard); refused when the
 * data dir was already initialised.
 */
export async function initialize(db: DB, input: { name: string; plan: Plan; adminEmail?: string }) {
  if (await isInitialized(db)) return null;
  return db.transaction().execute(async (trx) => {
    const account = await createAccount(trx, input);
    const { key, apiKey } = await createKey(trx, { accountId: account.id, name: "initial admin key", scopes: ["admin"] });
    const made = await createUser(trx, { accountId: account.id, email: input.adminEmail ?? DEFAULT_ADMIN_EMAIL, role: "admin" });
    if ("error" in made) throw new UsageError(made.error === "email_taken" ? "that admin email is taken" : `--admin-email ${made.issue}`);
    await trx
      .insertInto("meta")
      .values([
        { key: "initialized_at", value: account.created_at },
        { key: OPERATOR_KEY, value: account.id },
      ])
      .execute();
    return { account, key, apiKey, admin: made.user, adminPassword: made.password };
  });
}

function planOf(flags: Flags, fallback: Plan): Plan {
  const plan = str(flags, "plan") ?? fallback;
  if (!isPlan(plan)) throw new UsageError(`--plan must be one of ${PLANS.join(", ")}`);
  return plan;
}

function nameOf(flags: Flags, fallback: string): string {
  const name = (str(flags, "name") ?? fallback).trim();
  if (name === "" || name.length > 200 || /[\u0000-\u001f]/.test(name)) throw new UsageError("--name must be 1-200 printable characters");
  return name;
}

export async function cmdInit(db: DB, flags: Flags, out: Output): Promise<number> {
  const made = await initialize(db, { name: nameOf(flags, "default"), plan: planOf(flags, "team"), adminEmail: str(flags, "admin-email") });
  if (!made) {
    out.error("this data dir is already initialised; use `reachd accounts create` and `reachd keys create`");
    return 2;
  }
  out.result(
    { account_id: made.account.id, api_key: made.apiKey, admin_email: made.admin.email, admin_password: made.adminPassword },
    [
      `account ${made.account.id} (${made.account.plan})`,
      `admin API key (shown once, store it now): ${made.apiKey}`,
      `dashboard admin ${made.admin.email}, one-time password (change it at first sign-in): ${made.adminPassword}`,
      `next: start \`reachd serve\` and sign in at http://localhost:${process.env.REACHD_PORT || "8080"}/ (or this server's address) with that email and password`,
    ],
  );
  return 0;
}

export async function cmdAccounts(db: DB, sub: string | undefined, flags: Flags, out: Output): Promise<number> {
  if (sub !== "create") throw new UsageError("usage: reachd accounts create --name N --plan pro|team|enterprise [--json]");
  const account = await createAccount(db, { name: nameOf(flags, required(flags, "name")), plan: planOf(flags, "pro") });
  out.result({ account_id: account.id }, [`account ${account.id} (${account.plan})`]);
  return 0;
}

function scopesOf(flags: Flags): Scope[] {
  const raw = required(flags, "scopes").split(",").map((s) => s.trim()).filter(Boolean);
  const bad = raw.filter((s) => !isScope(s));
  if (raw.length === 0 || bad.length > 0) throw new UsageError(`--scopes takes a comma-separated list of ${SCOPES.join(", ")}`);
  return raw as Scope[];
}

function expiryOf(flags: Flags): string | null {
  const raw = str(flags, "expires");
  if (raw === undefined) return null;
  const days = /^(\d{1,5})d$/.exec(raw);
  const when = days ? new Date(Date.now() + Number(days[1]) * 86_400_000) : new Date(raw);
  if (Number.isNaN(when.getTime())) throw new UsageError("--expires takes a date (2027-01-31T00:00:00Z) or a number of days (90d)");
  return isoNow(when);
}

async function accountOf(db: DB, flags: Flags) {
  const id = required(flags, "account");
  const account = await getAccount(db, id);
  if (!account) throw new UsageError(`no account ${id}`);
  return account;
}

export async function cmdKeys(db: DB, sub: string | undefined, positionals: string[], flags: Flags, out: Output): Promise<number> {
  switch (sub) {
    case "create": {
      const account = await accountOf(db, flags);
      const { key, apiKey } = await createKey(db, {
        accountId: account.id,
        name: nameOf(flags, "cli key"),
        scopes: scopesOf(flags),
        expiresAt: expiryOf(flags),
      });
      out.result({ id: key.id, api_key: apiKey }, [`key ${key.id} scopes ${JSON.parse(key.scopes).join(",")}`, `API key (shown once): ${apiKey}`]);
      return 0;
    }
    case "list": {
      const account = await accountOf(db, flags);
      const keys = (await listKeys(db, account.id)).map(publicKey);
      out.result(
        { keys },
        keys.map((k) => `${k.id}  ${k.prefix}…  ${k.scopes.join(",")}  ${k.revoked_at ? "revoked" : k.expires_at ? `expires ${k.expires_at}` : "active"}  ${k.name}`),
      );
      return 0;
    }
    case "revoke": {
      const account = await accountOf(db, flags);
      const keyId = positionals[0] ?? str(flags, "key");
      if (!keyId) throw new UsageError("usage: reachd keys revoke KEY_ID --account ID");
      if (!(await revokeKey(db, account.id, keyId))) {
        out.error(`no active key ${keyId} in account ${account.id}`);
        return 2;
      }
      out.result({ id: keyId, revoked: true }, [`key ${keyId} revoked`]);
      return 0;
    }
    default:
      throw new UsageError("usage: reachd keys create|list|revoke --account ID …");
  }
}

export async function cmdUsers(db: DB, sub: string | undefined, flags: Flags, out: Output): Promise<number> {
  switch (sub) {
    case "create": {
      const account = await accountOf(db, flags);
      const made = await createUser(db, { accountId: account.id, email: required(flags, "email"), role: required(flags, "role") });
      if ("error" in made) {
        if (made.error === "email_taken") throw new UsageError("a user with that email exists already");
        throw new UsageError(made.field === "role" ? `--role must be one of ${ROLES.join(", ")}` : `--email ${made.issue}`);
      }
      out.result({ id: made.user.id, email: made.user.email, role: made.user.role, password: made.password }, [
        `user ${made.user.id} ${made.user.email} (${made.user.role})`,
        `one-time password (shown once; the first sign-in changes it): ${made.password}`,
      ]);
      return 0;
    }
    case "list": {
      const account = await accountOf(db, flags);
      const users = (await listUsers(db, account.id)).map((u) => ({
        id: u.id,
        email: u.email,
        role: u.role,
        created_at: u.created_at,
        last_login_at: u.last_login_at,
      }));
      out.result({ users }, users.map((u) => `${u.id}  ${u.role.padEnd(6)}  ${u.email}  last sign-in ${u.last_login_at ?? "never"}`));
      return 0;
    }
    default:
      throw new UsageError("usage: reachd users create --account ID --email E --role admin|member|viewer | users list --account ID");
  }
}
