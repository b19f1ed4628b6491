import type { Scope } from "../accounts/scopes.ts";

/**
 * Route options for a scoped route: the `scope` macro enforces it, and the same value goes into
 * the OpenAPI `detail`, so the document cannot disagree with the enforcement.
 */
export function secured<const S extends Scope>(scope: S, detail: { summary: string; tags: string[] }) {
  return {
    scope,
    detail: { ...detail, security: [{ bearer: [] }], "x-required-scope": scope },
  };
}
