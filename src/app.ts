// Composes the HTTP application from its plugins and controllers. No listen(): tests call
// app.handle() directly, and main.ts serves it.
import { Elysia } from "elysia";
import { httpPlugin } from "./api/http.ts";
import type { ApiDeps } from "./api/deps.ts";
import { reposController } from "./api/repos/index.ts";
import { scansController } from "./api/scans/index.ts";
import { keysController } from "./api/keys/index.ts";
import { advisoriesController } from "./api/advisories/index.ts";
import { openApiDocument } from "./api/openapi.ts";

export function createApp(deps: ApiDeps) {
  const api = new Elysia({ prefix: "/v1" })
    .use(httpPlugin(deps.log))
    .get("/health", () => ({ status: "ok", version: deps.version }), { detail: { summary: "Liveness", tags: ["meta"] } })
    .use(reposController(deps))
    .use(scansController(deps))
    .use(keysController(deps))
    .use(advisoriesController(deps));
  let doc: unknown;
  return api.get("/openapi.json", () => (doc ??= openApiDocument(api, { version: deps.version })), {
    detail: { hide: true },
  });
}

export type App = ReturnType<typeof createApp>;
