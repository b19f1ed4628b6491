// Shared types of the sources phase. Kept apart from index.ts so the modules can import them
// without an import cycle through the public entry point.

export type Provider = "github" | "gitlab" | "bitbucket" | "gitea" | "git" | "local";

export const PROVIDERS: readonly Provider[] = ["github", "gitlab", "bitbucket", "gitea", "git", "local"];

export interface RepoSpec {
  provider: Provider;
  url: string | null;
  path: string | null;
  token: string | null;
}

/** Clone limits. */
export interface SourceLimits {
  timeoutMs: number;
  maxBytes: number;
}

export type SourceErrorCode =
  | "validation_failed"
  | "repository_access_denied"
  | "clone_failed"
  | "ref_not_found"
  | "timeout"
  | "too_large";

/** `message` is safe to show users: it never holds tokens or host file-system paths. */
export interface SourceError {
  code: SourceErrorCode;
  message: string;
  field?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: SourceError };

export interface Checkout {
  dir: string;
  commitSha: string;
  /**
   * Path (relative to dir, "/"-separated) → an id that differs whenever the checked-out content of
   * the file can: git's blob id, with the ids of the .gitattributes files when there are any
   * (their eol/ident/working-tree-encoding rules transform content on checkout). Lets a re-scan
   * skip reading unchanged files. Null when git could not list them (the scan reads every file).
   */
  contentIds: Map<string, string> | null;
  cleanup(): Promise<void>;
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: SourceErrorCode, message: string, field?: string): Result<T> {
  return { ok: false, error: field === undefined ? { code, message } : { code, message, field } };
}
