// Bearer API keys, the per-key and per-plan rate limits, and per-route scopes, as one macro:
// a route declares `{ scope: "repos:read" }` and receives `auth` (account + key).
import { Elysia } from "elysia";
import { authenticate, touchKey, type Principal } from "../accounts/service.ts";
import { hasScope, type Scope } from "../accounts/scopes.ts";
import { AppError } from "../errors.ts";
import type { ApiDeps } from "./deps.ts";
import { planBucket, rateHeaders, rateLimited } from "./rate-limit.ts";

const FAILURE_MESSAGE = {
  missing: "missing bearer token: send Authorization: Bearer <api key>",
  invalid: "invalid API key",
  expired: "API key has expired",
  revoked: "API key has been revoked",
} as const;

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

export const authPlugin = (deps: ApiDeps) =>
  new Elysia({ name: "reachd-auth" }).macro({
    scope: (needed: Scope) => ({
      async resolve({ headers, set, request, server }): Promise<{ auth: Principal }> {
        const token = bearerToken(headers.authorization);
        const result = token ? await authenticate(deps.db, token) : headers.authorization ? "invalid" : "missing";
        if (typeof result === "string") {
          // Failed attempts are limited per client address, so keys cannot be guessed at speed.
          const ip = server?.requestIP(request)?.address ?? "unknown";
          const decision = deps.limiter.take([{ key: `ip:${ip}`, limit: deps.config.rateLimits.perKey }]);
          Object.assign(set.headers, rateHeaders(decision.state));
          if (!decision.allowed) throw rateLimited(decision, "too many failed authentication attempts; retry after the time in Retry-After");
          throw new AppError("unauthorized", FAILURE_MESSAGE[result]);
        }

        const decision = deps.limiter.take([
          { key: `key:${result.key.id}`, limit: deps.config.rateLimits.perKey },
          planBucket(deps.config.rateLimits, result.account),
        ]);
        Object.assign(set.headers, rateHeaders(decision.state));
        if (!decision.allowed) throw rateLimited(decision);
        if (!hasScope(result.scopes, needed)) {
          throw new AppError("insufficient_scope", `this API key lacks the scope ${needed}`, [
            { field: "scope", issue: `requires ${needed}` },
          ]);
        }
        await touchKey(deps.db, result.key);
        return { auth: result };
      },
    }),
  });
