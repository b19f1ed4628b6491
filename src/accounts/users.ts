// Dashboard users: created by the CLI (`reachd users create`, `reachd init`) or by an admin in the
// dashboard, always with a one-time password that the first sign-in replaces.
import { randomBytes } from "node:crypto";
import { newId } from "../ids.ts";
import { isoNow } from "../time.ts";
import type { DB } from "../store/database.ts";
import type { User } from "../store/tables.ts";

export const ROLES = ["admin", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(s: string): s is Role {
  return (ROLES as readonly string[]).includes(s);
}

/** admin > member > viewer. */
export function roleAtLeast(role: string, needed: Role): boolean {
  const rank = (r: string) => (r === "admin" ? 3 : r === "member" ? 2 : r === "viewer" ? 1 : 0);
  return rank(role) >= rank(needed);
}

export const MIN_PASSWORD = 12;
export const MAX_PASSWORD = 200;

/** Why an email is not acceptable, or null. Deliberately loose: one @, no spaces, sane length. */
export function emailProblem(email: string): string | null {
  if (email.length < 3 || email.length > 254) return "must be 3-254 characters";
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return "must look like name@example.com";
  if (/[\u0000-\u001f\u007f]/.test(email)) return "must not contain control characters";
  return null;
}

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD) return `must be at least ${MIN_PASSWORD} characters`;
  if (password.length > MAX_PASSWORD) return `must be at most ${MAX_PASSWORD} characters`;
  return null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

/** 20 random bytes in base32-ish text: easy to type, 100 bits of entropy. */
export function oneTimePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(24);
  let out = "";
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${out.slice(0, 6)}-${out.slice(6, 12)}-${out.slice(12, 18)}-${out.slice(18, 24)}`;
}

export type CreateUserError = { error: "email_taken" } | { error: "invalid"; field: "email" | "role"; issue: string };

export interface CreatedUser {
  user: User;
  /** The one-time password: returned once, never stored. */
  password: string;
}

export async function createUser(
  db: DB,
  input: { accountId: string; email: string; role: string },
): Promise<CreatedUser | CreateUserError> {
  const email = normalizeEmail(input.email);
  const problem = emailProblem(email);
  if (problem) return { error: "invalid", field: "email", issue: problem };
  if (!isRole(input.role)) return { error: "invalid", field: "role", issue: `must be one of ${ROLES.join(", ")}` };
  if (await findUserByEmail(db, email)) return { error: "email_taken" };
  const password = oneTimePassword();
  const user: User = {
    id: newId("usr"),
    account_id: input.accountId,
    email,
    role: input.role,
    password_hash: await hashPassword(password),
    must_change_password: 1,
    created_at: isoNow(),
    last_login_at: null,
  };
  try {
    await db.insertInto("users").values(user).execute();
  } catch (e) {
    // Two creations of one email at once: the unique index decides.
    if (/UNIQUE/i.test(String(e))) return { error: "email_taken" };
    throw e;
  }
  return { user, password };
}

export async function findUserByEmail(db: DB, email: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

export async function getUser(db: DB, accountId: string, id: string): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst();
}

export async function listUsers(db: DB, accountId: string): Promise<User[]> {
  return db.selectFrom("users").selectAll().where("account_id", "=", accountId).orderBy("id", "asc").execute();
}

// A fixed hash to verify against when the email is unknown, so a miss costs as long as a hit
// and response times do not tell which emails exist.
let decoy: Promise<string> | null = null;

/** The user when email and password match, else null; always spends one argon2 verification. */
export async function verifyLogin(db: DB, email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(db, email);
  if (password.length > MAX_PASSWORD) return null;
  const hash = user?.password_hash ?? (await (decoy ??= hashPassword(oneTimePassword())));
  const ok = await Bun.password.verify(password, hash).catch(() => false);
  return ok && user ? user : null;
}

export async function setPassword(db: DB, userId: string, password: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), must_change_password: 0 })
    .where("id", "=", userId)
    .execute();
}

export async function setRole(db: DB, accountId: string, userId: string, role: Role): Promise<boolean> {
  const res = await db.updateTable("users").set({ role }).where("id", "=", userId).where("account_id", "=", accountId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteUser(db: DB, accountId: string, userId: string): Promise<boolean> {
  const res = await db.deleteFrom("users").where("id", "=", userId).where("account_id", "=", accountId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
