// Connecting and listing repositories. Access to the git host is proven before anything is
// stored; the host token is kept only encrypted.
import type { Account, Repo } from "../../store/tables.ts";
import type { DB } from "../../store/database.ts";
import { AppError, notFound } from "../../errors.ts";
import { newId } from "../../ids.ts";
import { isoNow } from "../../time.ts";
import { encryptSecret } from "../../store/crypto.ts";
import { probeAccess, validateRepoSpec, isSafeRef } from "../../scan/sources/index.ts";
import { encodeCursor } from "../cursor.ts";
import { checkGlobs, normalizeGlobs, parseGlobList } from "../../scan/reach/settings.ts";
import type { CreateRepoBody, RepoView, UpdateRepoBody } from "../models.ts";

export function repoView(repo: Repo, plan: string): RepoView {
  return {
    id: repo.id,
    name: repo.name,
    provider: repo.provider,
    plan,
    default_branch: repo.default_branch,
    url: repo.provider === "local" ? null : repo.url,
    created_at: repo.created_at,
    last_scan: repo.last_scan_at,
    ...repoSettings(repo),
  };
}

export function repoSettings(repo: Pick<Repo, "entry_points" | "exclude_paths">): { entry_points: string[]; exclude_paths: string[] } {
  return { entry_points: parseGlobList(repo.entry_points), exclude_paths: parseGlobList(repo.exclude_paths) };
}

/** Validated, normalised settings from a request body (only the fields it has). */
function settingsFrom(body: { entry_points?: string[]; exclude_paths?: string[] }): { entry_points?: string[]; exclude_paths?: string[] } {
  const out: { entry_points?: string[]; exclude_paths?: string[] } = {};
  const issues = [];
  if (body.entry_points) {
    out.entry_points = normalizeGlobs(body.entry_points);
    issues.push(...checkGlobs("entry_points", out.entry_points));
  }
  if (body.exclude_paths) {
    out.exclude_paths = normalizeGlobs(body.exclude_paths);
    issues.push(...checkGlobs("exclude_paths", out.exclude_paths));
  }
  if (issues.length > 0) throw new AppError("validation_failed", `${issues[0]!.field} ${issues[0]!.issue}`, issues);
  return out;
}

export async function updateRepo(db: DB, account: Account, repoId: string, body: UpdateRepoBody): Promise<RepoView> {
  const repo = await findRepo(db, account.id, repoId);
  const settings = settingsFrom(body);
  const set: { entry_points?: string; exclude_paths?: string } = {};
  if (settings.entry_points) set.entry_points = JSON.stringify(settings.entry_points);
  if (settings.exclude_paths) set.exclude_paths = JSON.stringify(settings.exclude_paths);
  if (Object.keys(set).length === 0) return repoView(repo, account.plan);
  await db.updateTable("repos").set(set).where("id", "=", repo.id).where("account_id", "=", account.id).execute();
  return repoView({ ...repo, ...set }, account.plan);
}

export async function findRepo(db: DB, accountId: string, repoId: string): Promise<Repo> {
  const repo = await db
    .selectFrom("repos")
    .selectAll()
    .where("id", "=", repoId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!repo) throw notFound("repository");
  return repo;
}

export interface ConnectDeps {
  db: DB;
  localRoots: string[];
  secretKey: Uint8Array;
  probeTimeoutMs: number;
}

export async function connectRepo(deps: ConnectDeps, account: Account, body: CreateRepoBody): Promise<RepoView> {
  const checked = validateRepoSpec(
    { name: body.name, provider: body.provider, url: body.url ?? null, path: body.path ?? null, token: body.credential?.token ?? null },
    deps.localRoots,
  );
  if (!checked.ok) {
    const { code, message, field } = checked.error;
    if (code === "repository_access_denied") throw new AppError("repository_access_denied", message);
    throw new AppError("validation_failed", message, field ? [{ field, issue: message }] : []);
  }
  const spec = checked.value;
  const settings = settingsFrom(body);
  if (body.default_branch != null && !isSafeRef(body.default_branch)) {
    throw new AppError("validation_failed", "default_branch is not a valid branch name", [
      { field: "default_branch", issue: "is not a valid branch name" },
    ]);
  }
  const taken = await deps.db
    .selectFrom("repos")
    .select("id")
    .where("account_id", "=", account.id)
    .where("name", "=", spec.name)
    .executeTakeFirst();
  if (taken) throw new AppError("conflict", `repository ${spec.name} is already connected`);

  const probe = await probeAccess(spec, { timeoutMs: deps.probeTimeoutMs });
  if (!probe.ok) throw new AppError("repository_access_denied", probe.error.message);

  const repo: Repo = {
    id: newId("repo"),
    account_id: account.id,
    name: spec.name,
    provider: spec.provider,
    url: spec.url,
    path: spec.path,
    default_branch: body.default_branch ?? probe.value.defaultBranch ?? "main",
    credential: spec.token ? encryptSecret(deps.secretKey, spec.token) : null,
    created_at: isoNow(),
    last_scan_at: null,
    entry_points: JSON.stringify(settings.entry_points ?? []),
    exclude_paths: JSON.stringify(settings.exclude_paths ?? []),
  };
  try {
    await deps.db.insertInto("repos").values(repo).execute();
  } catch (e) {
    // Two concurrent connects of one name: the unique constraint decides.
    if (String(e).includes("UNIQUE")) throw new AppError("conflict", `repository ${spec.name} is already connected`);
    throw e;
  }
  return repoView(repo, account.plan);
}

export async function listRepos(
  db: DB,
  account: Account,
  page: { limit: number; after: string | null },
): Promise<{ repos: RepoView[]; total: number; next_cursor: string | null }> {
  let q = db.selectFrom("repos").selectAll().where("account_id", "=", account.id);
  if (page.after) q = q.where("id", "<", page.after);
  const rows = await q.orderBy("id", "desc").limit(page.limit + 1).execute();
  const { total } = await db
    .selectFrom("repos")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("account_id", "=", account.id)
    .executeTakeFirstOrThrow();
  const more = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  return {
    repos: pageRows.map((r) => repoView(r, account.plan)),
    total: Number(total),
    next_cursor: more ? encodeCursor(pageRows[pageRows.length - 1]!.id) : null,
  };
}
