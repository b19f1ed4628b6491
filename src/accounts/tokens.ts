// API keys and session ids are 32 random bytes: the store keeps only their sha256, so a copy of
// the database cannot be replayed. With that much entropy a fast hash is enough: there is nothing
// to brute-force that a slow hash would protect.
import { createHash } from "node:crypto";

/** What is stored of an API key or a session id: its sha256, hex. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
