// The operator account: the first one, made by `reachd init` (or the first `serve`). It alone may
// change what every account shares, such as the advisory database.
import type { DB } from "../store/database.ts";

export const OPERATOR_KEY = "operator_account_id";

export async function operatorAccountId(db: DB): Promise<string | null> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", OPERATOR_KEY).executeTakeFirst();
  return row?.value ?? null;
}
