import { chmod, mkdir, mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import { dirSize, removeDir } from "./fsutil.ts";
import { describeFailure, gitContext, runGit, type GitContext, type GitRun } from "./git.ts";
import { fail, ok, type Checkout, type RepoSpec, type Result, type SourceLimits } from "./types.ts";
import { checkSpec, isSafeRef } from "./validate.ts";

const SHA = /^[0-9a-f]{40}$/i;
/** Where the database keeps the commit last fetched. */
const KEPT_REF = "refs/reachd/checkout";

/** What a ref may mean, most specific first; mirrors how users name things in a scan request. */
function candidates(ref: string): string[] {
  if (ref === "HEAD") return ["HEAD"];
  if (ref.startsWith("refs/")) return [`${ref}^{}`, ref];
  // A branch wins over a tag of the same name; an annotated tag is peeled to its commit.
  return [`refs/heads/${ref}`, `refs/tags/${ref}^{}`, `refs/tags/${ref}`];
}

function parseLsRemote(stdout: string): Map<string, string> {
  const refs = new Map<string, string>();
  for (const line of stdout.split("\n")) {
    const m = /^([0-9a-f]{40})\t(.+)$/.exec(line);
    if (m?.[1] && m[2]) refs.set(m[2], m[1]);
  }
  return refs;
}

class Stop {
  constructor(readonly result: Result<never>) {}
}

interface Step {
  ctx: GitContext;
  gitDir: string;
  root: string;
  limits: SourceLimits;
  signal?: AbortSignal;
}

/** Runs one git command against the private repository; anything but a normal exit ends the checkout. */
async function git(s: Step, args: string[], watch: boolean): Promise<GitRun & { kind: "exit" }> {
  const run = await runGit(s.ctx, [`--git-dir=${s.gitDir}`, ...args], {
    cwd: s.root,
    ...(watch ? { watch: { dir: s.root, maxBytes: s.limits.maxBytes } } : {}),
  });
  if (run.kind === "aborted") throw s.signal?.reason ?? new Error("aborted");
  if (run.kind === "timeout") throw new Stop(fail("timeout", `checkout timed out after ${s.limits.timeoutMs} ms`));
  if (run.kind === "too_large") throw tooLarge(s.limits);
  return run;
}

function tooLarge(limits: SourceLimits): Stop {
  return new Stop(fail("too_large", `the repository checkout exceeds the size limit of ${limits.maxBytes} bytes`));
}

async function checkSize(s: Step): Promise<void> {
  if ((await dirSize(s.root, s.limits.maxBytes)) > s.limits.maxBytes) throw tooLarge(s.limits);
}

/** Resolves `ref` on the remote: the commit (or tag) to fetch and, when named, the full ref as a fallback. */
async function resolve(s: Step, url: string, ref: string): Promise<{ want: string; fullRef: string | null }> {
  if (SHA.test(ref)) return { want: ref.toLowerCase(), fullRef: null };
  const names = candidates(ref);
  const run = await git(s, ["ls-remote", "--", url, ...names], false);
  if (run.code !== 0) throw new Stop(fail("clone_failed", `cannot read the repository: ${describeFailure(run).message}`));
  const listed = parseLsRemote(run.stdout);
  for (const name of names) {
    const sha = listed.get(name);
    if (sha !== undefined) return { want: sha, fullRef: name.replace(/\^\{\}$/, "") };
  }
  throw new Stop(fail("ref_not_found", "the ref does not exist in the repository", "ref"));
}

async function fetchAndCheckout(s: Step, url: string, ref: string, tree: string, reused: boolean): Promise<string> {
  if (!reused) {
    const init = await git(s, ["init", "--bare", "--quiet", "--template="], false);
    if (init.code !== 0) throw new Stop(fail("clone_failed", "could not prepare the checkout directory"));
  }

  const { want, fullRef } = await resolve(s, url, ref);
  // Fetching the resolved commit pins what was resolved even if the branch moves meanwhile;
  // servers that refuse object ids in wants still serve the ref by name.
  const wants = fullRef === null ? [want] : [want, fullRef];
  let failure = null;
  for (const w of wants) {
    // Stored at a ref too: the next fetch into this database (a kept workspace) then tells the
    // remote what it has, so only new objects come (without one, every fetch sent the whole tree).
    const run = await git(s, ["fetch", "--quiet", "--depth=1", "--no-tags", "--no-recurse-submodules", "--", url, `+${w}:${KEPT_REF}`], true);
    if (run.code === 0) {
      failure = null;
      break;
    }
    failure = describeFailure(run);
  }
  if (failure !== null) {
    if (fullRef === null && failure.refMissing) throw new Stop(fail("ref_not_found", "the commit does not exist in the repository", "ref"));
    throw new Stop(fail("clone_failed", `fetch failed: ${failure.message}`));
  }
  await checkSize(s);

  const rev = await git(s, ["rev-parse", "--verify", "--quiet", "FETCH_HEAD^{commit}"], false);
  const commitSha = rev.stdout.trim();
  if (rev.code !== 0 || !SHA.test(commitSha)) throw new Stop(fail("ref_not_found", "the ref does not name a commit", "ref"));

  if (!reused) await mkdir(tree, { mode: 0o700 });
  // Into a kept tree, git rewrites only the files that differ from what its index says is there.
  const co = await git(s, [`--work-tree=${tree}`, "checkout", "--quiet", "--force", "--detach", commitSha, "--"], true);
  if (co.code !== 0) throw new Stop(fail("clone_failed", `checkout failed: ${describeFailure(co).message}`));
  if (reused) {
    // Nothing but git writes there; should anything have, the tree still holds the commit only.
    const clean = await git(s, [`--work-tree=${tree}`, "clean", "-ffdxq"], false);
    if (clean.code !== 0) throw new Stop(fail("clone_failed", `checkout failed: ${describeFailure(clean).message}`));
  }
  await checkSize(s);
  return commitSha;
}

/** What a checkout's workspace was made from, for reuse by the next checkout of the same repository. */
interface Workspace {
  root: string;
  url: string;
  provider: RepoSpec["provider"];
  reuses: number;
  /** Its index was refreshed after the files were written (settleCheckout()). */
  settled?: boolean;
}
const workspaces = new WeakMap<Checkout, Workspace>();
/**
 * Each reuse fetches into the same shallow database, which keeps the packs of earlier fetches:
 * after this many the next checkout starts afresh, so the workspace does not grow without bound.
 */
export const MAX_REUSES = 8;

/**
 * Lets git trust the stat data of a fresh checkout before it is kept for the next one. git writes
 * the files and then its index within the same second, so it takes every file as racily clean and
 * re-reads all of them at the next checkout into the tree (~0.1 s CPU for 2,000 files, more under
 * load, in the next scan's wait). Refreshed later (a scan takes seconds), the index is newer than
 * the files and the next checkout compares stat data only. A reused checkout rewrote only the
 * changed files, so only a fresh one is refreshed. Best effort: a failure leaves that cost to the
 * next checkout, which is correct either way.
 */
export async function settleCheckout(co: Checkout, timeoutMs = 60_000): Promise<void> {
  const w = workspaces.get(co);
  if (!w || w.reuses > 0 || w.settled) return;
  w.settled = true;
  const ctx = gitContext(w.provider, null, Date.now() + timeoutMs);
  await runGit(ctx, [`--git-dir=${join(w.root, "git")}`, `--work-tree=${co.dir}`, "update-index", "-q", "--refresh"], { cwd: w.root });
}

/** Checkout.contentIds from `ls-tree` of the commit checked out; null when it cannot be listed. */
async function contentIds(s: Step, commitSha: string): Promise<Map<string, string> | null> {
  let run: GitRun & { kind: "exit" };
  try {
    run = await git(s, ["ls-tree", "-r", "-z", "--full-tree", commitSha], false);
  } catch (e) {
    if (e instanceof Stop) return null; // out of time: the scan reads every file instead
    throw e;
  }
  if (run.code !== 0) return null;
  const blobs = new Map<string, string>();
  const attributes: string[] = [];
  // "<mode> <type> <id>\t<path>\0"; submodules (type commit) are not checked out.
  for (const entry of run.stdout.split("\0")) {
    const m = /^\d{6} blob ([0-9a-f]{40,64})\t(.+)$/s.exec(entry);
    if (!m) continue;
    const [, id, path] = m as unknown as [string, string, string];
    blobs.set(path, id);
    if (path === ".gitattributes" || path.endsWith("/.gitattributes")) attributes.push(`${path}\u0000${id}`);
  }
  if (attributes.length === 0) return blobs;
  const suffix = `:${new Bun.CryptoHasher("sha256").update(attributes.sort().join("\n")).digest("hex")}`;
  for (const [path, id] of blobs) blobs.set(path, id + suffix);
  return blobs;
}

/**
 * Shallow checkout of `ref` into a fresh private directory under workRoot. The git database
 * sits beside the tree (never inside it), so `dir` holds exactly the repository's files.
 * An abort rethrows `signal.reason` after cleaning up; it is not a source error.
 */
export async function checkout(
  spec: RepoSpec,
  ref: string,
  opts: {
    workRoot: string;
    limits: SourceLimits;
    signal?: AbortSignal;
    /**
     * A previous checkout of the same repository, handed over (its owner no longer uses it): its
     * database and tree are updated to `ref` instead of fetching and writing every file again.
     * It is removed when it cannot be reused (another URL, reused MAX_REUSES times, any failure),
     * and the checkout is then made afresh.
     */
    reuse?: Checkout | null;
  },
): Promise<Result<Checkout>> {
  if (opts.signal?.aborted) {
    await opts.reuse?.cleanup();
    opts.signal.throwIfAborted();
  }
  if (!isSafeRef(ref)) {
    await opts.reuse?.cleanup();
    return fail("validation_failed", "ref is not a valid branch, tag, ref or commit", "ref");
  }
  const url = checkSpec(spec);
  if (!url.ok) {
    await opts.reuse?.cleanup();
    return url;
  }

  const deadline = Date.now() + opts.limits.timeoutMs;
  if (opts.reuse) {
    const again = await reuseWorkspace(opts.reuse, spec, url.value, ref, opts, deadline);
    if (again) return ok(again);
  }
  await mkdir(opts.workRoot, { recursive: true, mode: 0o700 });
  const root = await mkdtemp(join(opts.workRoot, "checkout-"));
  let removed: Promise<void> | null = null;
  const cleanup = () => (removed ??= removeDir(root));
  const s: Step = {
    ctx: gitContext(spec.provider, spec.token, deadline, opts.signal),
    gitDir: join(root, "git"),
    root,
    limits: opts.limits,
  };
  if (opts.signal) s.signal = opts.signal;
  try {
    await chmod(root, 0o700);
    const tree = join(root, "tree");
    const commitSha = await fetchAndCheckout(s, url.value, ref, tree, false);
    const made: Checkout = { dir: tree, commitSha, contentIds: await contentIds(s, commitSha), cleanup };
    workspaces.set(made, { root, url: url.value, provider: spec.provider, reuses: 0 });
    return ok(made);
  } catch (e) {
    await cleanup();
    if (e instanceof Stop) return e.result;
    throw e;
  }
}

/** `ref` checked out in a previous checkout's workspace, or null (workspace removed) when it cannot be. */
async function reuseWorkspace(
  previous: Checkout,
  spec: RepoSpec,
  url: string,
  ref: string,
  opts: { limits: SourceLimits; signal?: AbortSignal },
  deadline: number,
): Promise<Checkout | null> {
  const w = workspaces.get(previous);
  workspaces.delete(previous);
  if (!w || w.url !== url || w.provider !== spec.provider || w.reuses >= MAX_REUSES) {
    await previous.cleanup();
    return null;
  }
  const s: Step = { ctx: gitContext(spec.provider, spec.token, deadline, opts.signal), gitDir: join(w.root, "git"), root: w.root, limits: opts.limits };
  if (opts.signal) s.signal = opts.signal;
  const tree = join(w.root, "tree");
  try {
    const commitSha = await fetchAndCheckout(s, url, ref, tree, true);
    const made: Checkout = { dir: tree, commitSha, contentIds: await contentIds(s, commitSha), cleanup: previous.cleanup };
    workspaces.set(made, { ...w, reuses: w.reuses + 1 });
    return made;
  } catch (e) {
    await previous.cleanup();
    if (opts.signal?.aborted) throw e;
    return null; // made afresh, which reports the failure if it is real (a workspace removed meanwhile is not)
  }
}
