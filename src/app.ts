// Composes the HTTP application from its plugins and controllers: the API under /v1 and the
// dashboard (src/web) beside it. No listen(): tests call app.handle() directly, and main.ts serves it.
import { Elysia } from "elysia";
import { httpPlugin, isApiPath } from "./api/http.ts";
import type { ApiDeps } from "./api/deps.ts";
import { reposController } from "./api/repos/index.ts";
import { scansController } from "./api/scans/index.ts";
import { keysController } from "./api/keys/index.ts";
import { advisoriesController } from "./api/advisories/index.ts";
import { webhooksController } from "./api/webhooks/index.ts";
import { openApiDocument } from "./api/openapi.ts";
import { webRoutes } from "./web/routes.ts";
import { errorPage, pageNotFound } from "./web/http.ts";
import { loadSession } from "./web/session.ts";

function createApi(deps: ApiDeps) {
  const api = new Elysia({ prefix: "/v1" })
    .use(httpPlugin(deps.log))
    .get("/health", () => ({ status: "ok", version: deps.version }), { detail: { summary: "Liveness", tags: ["meta"] } })
    .use(reposController(deps))
    .use(scansController(deps))
    .use(keysController(deps))
    .use(advisoriesController(deps))
    .use(webhooksController(deps));
  let doc: unknown;
  return api.get("/openapi.json", () => (doc ??= openApiDocument(api, { version: deps.version })), {
    detail: { hide: true },
  });
}

export function createApp(deps: ApiDeps) {
  return (
    new Elysia()
      .use(createApi(deps))
      .use(webRoutes(deps))
      // Outside /v1 an unknown path is a dashboard page that does not exist.
      .onError({ as: "global" }, async ({ code, request }) => {
        if (code !== "NOT_FOUND" || isApiPath(request)) return;
        return errorPage(pageNotFound(), await loadSession(request, deps.db).catch(() => null));
      })
  );
}

export type App = ReturnType<typeof createApp>;
