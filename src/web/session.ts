// Placeholder for the foundation's sessions (branch wt-ui), with its interface, so the pages
// compile until it lands; the foundation's file replaces this one.
import type { DB } from "../store/database.ts";
import { html, type SafeHtml } from "./html.ts";

export interface Session {
  user: { id: string; email: string; role: "admin" | "member" | "viewer" };
  accountId: string;
  csrf: string;
}

export async function loadSession(_request: Request, _db: DB): Promise<Session | null> {
  return null;
}

export function csrfField(session: Session): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${session.csrf}">`;
}

export function checkCsrf(session: Session, body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { csrf?: unknown }).csrf === session.csrf;
}
