// Per-repository entry settings: extra entry-point globs and excluded paths. The same checks
// guard the API (POST/PATCH /v1/repos) and the CLI (--entry/--exclude), so a glob a scan job
// receives is always relative, inside the checkout and bounded in size.

export interface PathGlobIssue {
  field: string;
  issue: string;
}

export const MAX_GLOBS = 100;
export const MAX_GLOB_LENGTH = 300;

/** Why one glob is refused, or null when it is fine. */
export function globIssue(glob: string): string | null {
  if (glob.length === 0) return "must not be empty";
  if (glob.length > MAX_GLOB_LENGTH) return `must be at most ${MAX_GLOB_LENGTH} characters`;
  // Control characters (NUL, newlines) never name a file a reviewer could read back.
  if (/[\u0000-\u001f\u007f]/.test(glob)) return "must not contain control characters";
  if (glob.includes("\\")) return "must use / as the path separator";
  if (glob.startsWith("/") || /^[A-Za-z]:/.test(glob) || glob.startsWith("~")) return "must be relative to the repository root";
  if (glob.split("/").some((part) => part === "..")) return "must not contain ..";
  return null;
}

/** Checks a list of globs; issues name the element (`entry_points[2]`). */
export function checkGlobs(field: string, globs: readonly string[]): PathGlobIssue[] {
  if (globs.length > MAX_GLOBS) return [{ field, issue: `must have at most ${MAX_GLOBS} entries` }];
  const issues: PathGlobIssue[] = [];
  globs.forEach((g, i) => {
    const issue = globIssue(g);
    if (issue) issues.push({ field: `${field}[${i}]`, issue });
  });
  return issues;
}

/** Trimmed, "./"-free, de-duplicated, in the order given. */
export function normalizeGlobs(globs: readonly string[]): string[] {
  return [...new Set(globs.map((g) => g.trim().replace(/^(\.\/)+/, "")))];
}

/** A stored JSON list of globs; a damaged value reads as "no settings" rather than failing scans. */
export function parseGlobList(text: string | null | undefined): string[] {
  try {
    const v: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && globIssue(x) === null) : [];
  } catch {
    return [];
  }
}

/**
 * Does a path fall under any of the globs? A glob matches a file or any directory above it, so
 * `vendor` and `vendor/**` both exclude everything under vendor/.
 */
export function pathMatcher(globs: readonly string[] | undefined): (path: string) => boolean {
  const compiled = (globs ?? []).map((g) => new Bun.Glob(g.replace(/\/+$/, "")));
  if (compiled.length === 0) return () => false;
  return (path) => {
    const parts = path.split("/");
    for (let i = parts.length; i > 0; i--) {
      const prefix = parts.slice(0, i).join("/");
      if (compiled.some((g) => g.match(prefix))) return true;
    }
    return false;
  };
}
