// Keyset cursors: the last id of a page, wrapped so clients treat it as opaque. A cursor stays
// valid while new rows arrive because ids are time-sortable and pages walk them in order.
import { invalid } from "../errors.ts";
import { isId, type IdPrefix } from "../ids.ts";

export function encodeCursor(lastId: string): string {
  return Buffer.from(`v1:${lastId}`).toString("base64url");
}

export function decodeCursor(cursor: string | undefined, prefix: IdPrefix): string | null {
  if (cursor === undefined) return null;
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const id = text.startsWith("v1:") ? text.slice(3) : "";
  if (!isId(id, prefix)) throw invalid("cursor", "is malformed", "cursor is malformed: pass next_cursor from a previous page");
  return id;
}
