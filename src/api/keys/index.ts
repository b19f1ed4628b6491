// API keys over the API (scope admin): the same operations as `reachd keys …`.
import { Elysia } from "elysia";
import { createKey, listKeys, publicKey, revokeKey } from "../../accounts/service.ts";
import type { Scope } from "../../accounts/scopes.ts";
import { AppError, invalid, notFound } from "../../errors.ts";
import { authPlugin } from "../auth.ts";
import { secured } from "../route.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiKeyView, CreateKeyBody, CreatedKey, ErrorBody } from "../models.ts";
import { t } from "elysia";

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export const keysController = (deps: ApiDeps) =>
  new Elysia({ name: "reachd-keys" })
    .use(authPlugin(deps))
    .get("/keys", async ({ auth }) => ({ keys: (await listKeys(deps.db, auth.account.id)).map(publicKey) }), {
      ...secured("admin", { summary: "List the account's API keys (never the secrets)", tags: ["keys"] }),
      response: { 200: t.Object({ keys: t.Array(ApiKeyView) }), ...errors },
    })
    .post(
      "/keys",
      async ({ auth, body, set }) => {
        const expires = body.expires_at ?? null;
        if (expires !== null && (!TIMESTAMP.test(expires) || Number.isNaN(Date.parse(expires)))) {
          throw invalid("expires_at", "must be a UTC timestamp YYYY-MM-DDThh:mm:ssZ");
        }
        const { key, apiKey } = await createKey(deps.db, {
          accountId: auth.account.id,
          name: body.name,
          scopes: body.scopes as Scope[],
          expiresAt: expires,
        });
        set.status = 201;
        return { ...publicKey(key), api_key: apiKey };
      },
      {
        ...secured("admin", { summary: "Create an API key; the key is in the response only", tags: ["keys"] }),
        body: CreateKeyBody,
        response: { 201: CreatedKey, ...errors },
      },
    )
    .delete(
      "/keys/:id",
      async ({ auth, params, set }) => {
        if (!(await revokeKey(deps.db, auth.account.id, params.id))) {
          const exists = (await listKeys(deps.db, auth.account.id)).some((k) => k.id === params.id);
          if (exists) throw new AppError("conflict", "API key is already revoked");
          throw notFound("API key");
        }
        set.status = 204;
        return null;
      },
      {
        ...secured("admin", { summary: "Revoke an API key", tags: ["keys"] }),
        params: t.Object({ id: t.String() }),
        response: { ...errors, 409: ErrorBody },
      },
    );
