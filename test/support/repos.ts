// Repository rows written straight into the store, for tests that need a repository but not the
// API's access probe. A repository with `roots` is a local checkout validated as the API does.
import type { DB } from "../../src/store/database.ts";
import { validateRepoSpec } from "../../src/scan/sources/index.ts";
import { newId } from "../../src/ids.ts";
import { isoNow } from "../../src/time.ts";

export async function insertRepo(db: DB, accountId: string, name: string, where: { checkout: string; roots: string } | { path: string }): Promise<string> {
  let path = "path" in where ? where.path : null;
  let url: string | null = null;
  if ("checkout" in where) {
    const spec = validateRepoSpec({ name, provider: "local", url: null, path: where.checkout, token: null }, [where.roots]);
    if (!spec.ok) throw new Error(spec.error.message);
    path = spec.value.path;
    url = spec.value.url;
  }
  const id = newId("repo");
  await db
    .insertInto("repos")
    .values({ id, account_id: accountId, name, provider: "local", url, path, default_branch: "main", credential: null, created_at: isoNow(), last_scan_at: null })
    .execute();
  return id;
}
