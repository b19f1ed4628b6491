import { lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { fail, ok, type Result } from "./types.ts";

// One answer for "outside the roots", "does not exist" and "cannot be read": different answers
// would let an API user probe which paths exist on the appliance host.
const OUTSIDE = "path must be a git repository under one of the configured local roots";

function real(p: string): string | null {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
}

function within(path: string, roots: string[]): boolean {
  return roots.some((r) => r === "/" || path === r || path.startsWith(r + "/"));
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function looksLikeGitDir(p: string): boolean {
  return isFile(`${p}/HEAD`) && isDir(`${p}/objects`) && isDir(`${p}/refs`);
}

/**
 * Where the repository's object store lives, or null when `repo` is no git repository.
 * A `.git` file (worktrees, submodules) points elsewhere, so its target is returned too and
 * checked against the roots: otherwise a gitfile would be a way out of them.
 */
function gitDirOf(repo: string): string | null {
  const dotGit = `${repo}/.git`;
  let st;
  try {
    st = lstatSync(dotGit);
  } catch {
    return looksLikeGitDir(repo) ? repo : null; // bare repository
  }
  if (st.isDirectory()) return looksLikeGitDir(dotGit) ? dotGit : null;
  if (st.isSymbolicLink()) {
    const target = real(dotGit);
    return target !== null && looksLikeGitDir(target) ? target : null;
  }
  if (!st.isFile() || st.size > 4096) return null;
  const m = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"));
  if (!m?.[1]) return null;
  const target = real(resolve(dirname(dotGit), m[1].trim()));
  return target !== null && looksLikeGitDir(target) ? target : null;
}

/** Canonical path of a local repository, after checking it lies (really) under one of the roots. */
export function resolveLocalRepo(path: string, localRoots: string[]): Result<string> {
  const roots = localRoots
    .filter((r) => r.length > 0 && isAbsolute(r))
    .map(real)
    .filter((r): r is string => r !== null);
  if (roots.length === 0) {
    return fail("repository_access_denied", "local repositories are disabled on this server (no local roots configured)", "path");
  }
  if (!isAbsolute(path)) return fail("validation_failed", "path must be absolute", "path");
  if (path.split("/").includes("..")) return fail("validation_failed", "path must not contain '..'", "path");
  // realpath resolves every symlink, so a link inside a root pointing outside is caught here.
  const resolved = real(path);
  if (resolved === null || !within(resolved, roots)) return fail("repository_access_denied", OUTSIDE, "path");
  const gitDir = gitDirOf(resolved);
  if (gitDir === null) return fail("repository_access_denied", "path is not a git repository", "path");
  if (!within(gitDir, roots)) return fail("repository_access_denied", OUTSIDE, "path");
  return ok(resolved);
}
