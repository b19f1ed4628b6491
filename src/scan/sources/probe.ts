import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { removeDir } from "./fsutil.ts";
import { describeFailure, gitContext, runGit } from "./git.ts";
import { fail, ok, type RepoSpec, type Result } from "./types.ts";
import { checkSpec } from "./validate.ts";

/** The branch a `git ls-remote --symref <url> HEAD` listing says HEAD points to. */
export function parseSymrefHead(stdout: string): string | null {
  for (const line of stdout.split("\n")) {
    const m = /^ref: refs\/heads\/(\S+)\tHEAD$/.exec(line);
    if (m?.[1]) return m[1];
  }
  return null;
}

/**
 * Proves read access with the stored credential by listing the remote HEAD. Every failure,
 * a timeout included, is `repository_access_denied`: the caller learns that access was not
 * proven, and the message says why in words safe to show.
 * An abort rethrows `signal.reason`; it is not a property of the repository.
 */
export async function probeAccess(
  spec: RepoSpec,
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<Result<{ defaultBranch: string | null }>> {
  opts.signal?.throwIfAborted();
  const url = checkSpec(spec);
  if (!url.ok) return url;
  const ctx = gitContext(spec.provider, spec.token, Date.now() + opts.timeoutMs, opts.signal);
  // An empty directory as cwd, so no repository's config is read along the way.
  const cwd = await mkdtemp(join(tmpdir(), "reachd-probe-"));
  try {
    const run = await runGit(ctx, ["ls-remote", "--symref", "--", url.value, "HEAD"], { cwd });
    if (run.kind === "aborted") throw opts.signal?.reason ?? new Error("aborted");
    if (run.kind === "timeout") {
      return fail("repository_access_denied", `timed out after ${opts.timeoutMs} ms contacting the repository`);
    }
    if (run.kind !== "exit") return fail("repository_access_denied", "could not read the repository");
    if (run.code !== 0) return fail("repository_access_denied", `cannot read the repository: ${describeFailure(run).message}`);
    return ok({ defaultBranch: parseSymrefHead(run.stdout) });
  } finally {
    await removeDir(cwd);
  }
}
