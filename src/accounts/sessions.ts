// Dashboard sessions. The cookie carries 32 random bytes; the store keeps only their sha256, so a
// copy of the database cannot be replayed as a sign-in. Every sign-in makes a new id (no fixation).
import { randomBytes } from "node:crypto";
import { isoNow } from "../time.ts";
import type { DB } from "../store/database.ts";
import { hashToken } from "./tokens.ts";

/** A session ends 12 hours after sign-in, or after 2 hours without a request. */
export const SESSION_MAX_MS = 12 * 3600_000;
export const SESSION_IDLE_MS = 2 * 3600_000;

export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export interface SessionData {
  idHash: string;
  user: { id: string; email: string; role: string; mustChangePassword: boolean };
  accountId: string;
  csrf: string;
}

/** Starts a session; returns the cookie value (shown to the browser once, stored hashed). */
export async function createSession(db: DB, userId: string, now = new Date()): Promise<string> {
  const id = randomToken();
  const stamp = isoNow(now);
  await db
    .insertInto("sessions")
    .values({
      id_hash: hashToken(id),
      user_id: userId,
      csrf: randomToken(),
      created_at: stamp,
      expires_at: isoNow(new Date(now.getTime() + SESSION_MAX_MS)),
      last_seen_at: stamp,
    })
    .execute();
  await db.updateTable("users").set({ last_login_at: stamp }).where("id", "=", userId).execute();
  // Ended rows (expired or idle) go now and then, here rather than in a timer.
  await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", stamp), eb("last_seen_at", "<=", isoNow(new Date(now.getTime() - SESSION_IDLE_MS)))]))
    .execute();
  return id;
}

/** The live session for a cookie value, or null (unknown, expired, idle too long). */
export async function findSession(db: DB, cookieValue: string, now = new Date()): Promise<SessionData | null> {
  if (cookieValue.length < 20 || cookieValue.length > 100) return null;
  const idHash = hashToken(cookieValue);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id_hash",
      "sessions.csrf",
      "sessions.expires_at",
      "sessions.last_seen_at",
      "users.id as user_id",
      "users.email",
      "users.role",
      "users.account_id",
      "users.must_change_password",
    ])
    .where("sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  const stamp = isoNow(now);
  const idleLimit = isoNow(new Date(now.getTime() - SESSION_IDLE_MS));
  if (row.expires_at <= stamp || row.last_seen_at <= idleLimit) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  if (row.last_seen_at.slice(0, 16) !== stamp.slice(0, 16)) {
    await db.updateTable("sessions").set({ last_seen_at: stamp }).where("id_hash", "=", idHash).execute();
  }
  return {
    idHash,
    user: { id: row.user_id, email: row.email, role: row.role, mustChangePassword: row.must_change_password === 1 },
    accountId: row.account_id,
    csrf: row.csrf,
  };
}

export async function endSession(db: DB, idHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
}

/** Ends every session of a user (password change, removal). */
export async function endUserSessions(db: DB, userId: string, except?: string): Promise<void> {
  let q = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (except) q = q.where("id_hash", "!=", except);
  await q.execute();
}
