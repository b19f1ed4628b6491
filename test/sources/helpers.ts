// Real git repositories in temp dirs for the sources tests (no mocks).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const GIT_TEST_ENV: Record<string, string> = {
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: "/nonexistent",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  LC_ALL: "C",
};

export function sh(cwd: string, ...args: string[]): string {
  const r = Bun.spawnSync({ cmd: ["git", ...args], cwd, env: GIT_TEST_ENV, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed: ${r.stderr.toString()}`);
  return r.stdout.toString().trim();
}

const made: string[] = [];

/** A fresh directory, realpath'd (macOS-style /tmp symlinks would otherwise confuse root checks). */
export function tempDir(prefix = "reachd-src-test-"): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(d);
  return d;
}

export function removeTempDirs(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

export interface RepoOptions {
  branch?: string;
  files?: Record<string, string>;
  symlinks?: Record<string, string>;
  bare?: boolean;
}

/** A repository with one commit; returns its path and that commit. */
export function makeRepo(dir: string, opts: RepoOptions = {}): { path: string; sha: string } {
  mkdirSync(dir, { recursive: true });
  sh(dir, "init", "-q", "-b", opts.branch ?? "main");
  commitFiles(dir, opts.files ?? { "README.md": "hello\n" }, opts.symlinks ?? {}, "first");
  if (opts.bare) {
    const bare = `${dir}.git`;
    sh(dirname(dir), "clone", "-q", "--bare", dir, bare);
    return { path: bare, sha: sh(bare, "rev-parse", "HEAD") };
  }
  return { path: dir, sha: sh(dir, "rev-parse", "HEAD") };
}

export function commitFiles(dir: string, files: Record<string, string>, symlinks: Record<string, string> = {}, msg = "change"): string {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  for (const [name, target] of Object.entries(symlinks)) symlinkSync(target, join(dir, name));
  sh(dir, "add", "-A");
  sh(dir, "commit", "-q", "-m", msg);
  return sh(dir, "rev-parse", "HEAD");
}
