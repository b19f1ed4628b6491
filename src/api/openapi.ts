// The OpenAPI 3.1 document, generated from the routes' own TypeBox schemas so that validation
// and documentation cannot drift apart.
import type { AnyElysia } from "elysia";

type Schema = Record<string, unknown>;

function clean(schema: unknown): Schema | undefined {
  if (!schema || typeof schema !== "object") return undefined;
  // TypeBox marks schemas with symbol keys; JSON.stringify drops them.
  return JSON.parse(JSON.stringify(schema)) as Schema;
}

function parameters(where: "path" | "query", schema: Schema | undefined) {
  const props = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({ name, in: where, required: where === "path" || required.has(name), schema: s }));
}

export function openApiDocument(app: AnyElysia, info: { version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of app.routes) {
    const hooks = (route.hooks ?? {}) as Record<string, unknown>;
    const detail = (hooks.detail ?? {}) as Record<string, unknown>;
    if (detail.hide) continue;
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    const responses: Record<string, unknown> = {};
    const response = hooks.response as Record<string, unknown> | undefined;
    for (const [status, schema] of Object.entries(response ?? {})) {
      responses[status] = { description: status.startsWith("2") ? "OK" : "Error", content: { "application/json": { schema: clean(schema) } } };
    }
    if (route.method === "DELETE") responses["204"] = { description: "No content" };
    const op: Record<string, unknown> = {
      ...detail,
      parameters: [...parameters("path", clean(hooks.params)), ...parameters("query", clean(hooks.query))],
      responses,
    };
    if (hooks.body) op.requestBody = { content: { "application/json": { schema: clean(hooks.body) } } };
    (paths[path] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: { title: "reachd API", version: info.version, description: "Reachability scans of connected repositories." },
    servers: [{ url: "/" }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "API key (rk_…)" } } },
    paths,
  };
}
