import { Elysia } from "elysia";
import { authPlugin } from "../auth.ts";
import { secured } from "../route.ts";
import { decodeCursor } from "../cursor.ts";
import type { ApiDeps } from "../deps.ts";
import { CreateRepoBody, ErrorBody, ListQuery, Repo, RepoIdParams, RepoList, UpdateRepoBody } from "../models.ts";
import { connectRepo, findRepo, listRepos, repoView, updateRepo } from "./service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export const reposController = (deps: ApiDeps) =>
  new Elysia({ name: "reachd-repos" })
    .use(authPlugin(deps))
    .post(
      "/repos",
      async ({ auth, body, set }) => {
        const repo = await connectRepo(
          { db: deps.db, localRoots: deps.config.localRoots, secretKey: deps.secretKey, probeTimeoutMs: 30_000 },
          auth.account,
          body,
        );
        set.status = 201;
        return repo;
      },
      {
        ...secured("repos:write", { summary: "Connect a repository", tags: ["repos"] }),
        body: CreateRepoBody,
        response: { 201: Repo, ...errors, 409: ErrorBody, 422: ErrorBody },
      },
    )
    .get(
      "/repos",
      ({ auth, query }) =>
        listRepos(deps.db, auth.account, { limit: query.limit ?? 20, after: decodeCursor(query.cursor, "repo") }),
      {
        ...secured("repos:read", { summary: "List the account's repositories, newest first", tags: ["repos"] }),
        query: ListQuery,
        response: { 200: RepoList, ...errors },
      },
    )
    .get("/repos/:id", async ({ auth, params }) => repoView(await findRepo(deps.db, auth.account.id, params.id), auth.account.plan), {
      ...secured("repos:read", { summary: "Get one repository", tags: ["repos"] }),
      params: RepoIdParams,
      response: { 200: Repo, ...errors },
    })
    .patch("/repos/:id", ({ auth, params, body }) => updateRepo(deps.db, auth.account, params.id, body), {
      ...secured("repos:write", { summary: "Change a repository's entry settings (entry_points, exclude_paths)", tags: ["repos"] }),
      params: RepoIdParams,
      body: UpdateRepoBody,
      response: { 200: Repo, ...errors },
    });
