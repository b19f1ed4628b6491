// Accounts and API keys, shared by the CLI and the API. A key is shown once, at creation;
// only its sha256 is stored (tokens.ts).
import { randomBytes, timingSafeEqual } from "node:crypto";
import { newId } from "../ids.ts";
import { isoNow } from "../time.ts";
import type { DB } from "../store/database.ts";
import type { Account, ApiKey } from "../store/tables.ts";
import type { Plan, Scope } from "./scopes.ts";
import { hashToken } from "./tokens.ts";

const KEY_PREFIX = "rk_";

export async function createAccount(db: DB, input: { name: string; plan: Plan }): Promise<Account> {
  const account: Account = { id: newId("acct"), name: input.name, plan: input.plan, created_at: isoNow() };
  await db.insertInto("accounts").values(account).execute();
  return account;
}

export async function getAccount(db: DB, id: string): Promise<Account | undefined> {
  return db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface CreatedKey {
  key: ApiKey;
  /** The secret itself: returned once, never stored. */
  apiKey: string;
}

export async function createKey(
  db: DB,
  input: { accountId: string; name: string; scopes: Scope[]; expiresAt?: string | null },
): Promise<CreatedKey> {
  const apiKey = KEY_PREFIX + randomBytes(32).toString("base64url");
  const key: ApiKey = {
    id: newId("key"),
    account_id: input.accountId,
    name: input.name,
    prefix: apiKey.slice(0, 10),
    hash: hashToken(apiKey),
    scopes: JSON.stringify([...new Set(input.scopes)]),
    created_at: isoNow(),
    last_used_at: null,
    expires_at: input.expiresAt ?? null,
    revoked_at: null,
  };
  await db.insertInto("api_keys").values(key).execute();
  return { key, apiKey };
}

/** What may be shown of a key: everything but its hash (the secret itself is never stored). */
export function publicKey(k: ApiKey) {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: JSON.parse(k.scopes) as string[],
    created_at: k.created_at,
    last_used_at: k.last_used_at,
    expires_at: k.expires_at,
    revoked_at: k.revoked_at,
  };
}

export async function listKeys(db: DB, accountId: string): Promise<ApiKey[]> {
  return db.selectFrom("api_keys").selectAll().where("account_id", "=", accountId).orderBy("id", "desc").execute();
}

/** Revokes a key of the account; false when no such key (or already revoked). */
export async function revokeKey(db: DB, accountId: string, keyId: string): Promise<boolean> {
  const res = await db
    .updateTable("api_keys")
    .set({ revoked_at: isoNow() })
    .where("id", "=", keyId)
    .where("account_id", "=", accountId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export interface Principal {
  account: Account;
  key: ApiKey;
  scopes: string[];
}

export type AuthFailure = "missing" | "invalid" | "expired" | "revoked";

/** Resolves a presented key to its account, or says why it cannot be used. */
export async function authenticate(db: DB, presented: string, now = new Date()): Promise<Principal | AuthFailure> {
  if (!presented.startsWith(KEY_PREFIX) || presented.length > 200) return "invalid";
  const hash = hashToken(presented);
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("accounts", "accounts.id", "api_keys.account_id")
    .selectAll("api_keys")
    .select(["accounts.name as account_name", "accounts.plan as account_plan", "accounts.created_at as account_created_at"])
    .where("api_keys.hash", "=", hash)
    .executeTakeFirst();
  // The lookup is by hash; the constant-time compare guards the equality itself.
  if (!row || !timingSafeEqual(Buffer.from(row.hash), Buffer.from(hash))) return "invalid";
  if (row.revoked_at) return "revoked";
  if (row.expires_at && row.expires_at <= isoNow(now)) return "expired";
  const { account_name, account_plan, account_created_at, ...key } = row;
  return {
    account: { id: key.account_id, name: account_name, plan: account_plan, created_at: account_created_at },
    key,
    scopes: JSON.parse(key.scopes) as string[],
  };
}

/** last_used_at at minute precision: one write per key per minute, not per request. */
export async function touchKey(db: DB, key: ApiKey, now = new Date()): Promise<void> {
  const stamp = isoNow(now);
  if (key.last_used_at && key.last_used_at.slice(0, 16) === stamp.slice(0, 16)) return;
  await db.updateTable("api_keys").set({ last_used_at: stamp }).where("id", "=", key.id).execute();
}
