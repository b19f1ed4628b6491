export const SCOPES = ["repos:read", "repos:write", "scans:read", "scans:write", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}

/** `admin` implies every scope. */
export function hasScope(granted: readonly string[], needed: Scope): boolean {
  return granted.includes("admin") || granted.includes(needed);
}

export const PLANS = ["pro", "team", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(s: string): s is Plan {
  return (PLANS as readonly string[]).includes(s);
}
