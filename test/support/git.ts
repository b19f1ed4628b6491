// Real git repositories in temp dirs, made with the git CLI.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const GIT_ENV = {
  GIT_AUTHOR_NAME: "reachd test",
  GIT_AUTHOR_EMAIL: "test@reachd.invalid",
  GIT_COMMITTER_NAME: "reachd test",
  GIT_COMMITTER_EMAIL: "test@reachd.invalid",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
};

export function git(cwd: string, ...args: string[]): string {
  const res = Bun.spawnSync(["git", ...args], { cwd, env: { ...process.env, ...GIT_ENV }, stderr: "pipe" });
  if (res.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${res.stderr.toString()}`);
  return res.stdout.toString().trim();
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

/** Creates a repository at `dir` with one commit of `files` on `branch`; returns the commit sha. */
export function makeRepo(dir: string, files: Record<string, string>, branch = "main"): string {
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q", "-b", branch);
  writeFiles(dir, files);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "initial");
  return git(dir, "rev-parse", "HEAD");
}

export function commitFiles(dir: string, files: Record<string, string>, message = "change"): string {
  writeFiles(dir, files);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", message);
  return git(dir, "rev-parse", "HEAD");
}
