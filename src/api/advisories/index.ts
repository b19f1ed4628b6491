// The advisory database over the API: its status for any reader of scans, and a streamed upload
// of an OSV export (JSON file or osv.dev all.zip). The database is shared by every account, so
// importing is reserved to the operator account (the one `reachd init` created).
import { Elysia, t } from "elysia";
import { AppError } from "../../errors.ts";
import { databaseStatus } from "../../scan/advisories/status.ts";
import { authPlugin } from "../auth.ts";
import type { ApiDeps } from "../deps.ts";
import { AdvisoryDatabaseStatus, ErrorBody } from "../models.ts";
import { secured } from "../route.ts";
import { assertOperator, importUpload, saveStream, uploadName } from "./upload.ts";

const UPLOAD_TYPES = /^(application\/(zip|x-zip-compressed|octet-stream|json)|text\/json)\s*(;|$)/i;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody };

export const advisoriesController = (deps: ApiDeps) =>
  new Elysia({ name: "reachd-advisories" })
    .use(authPlugin(deps))
    .get("/advisories/status", () => databaseStatus(deps.db), {
      ...secured("scans:read", {
        summary: "Advisory database: record counts per ecosystem, import provenance, curated symbol set size by source",
        tags: ["advisories"],
      }),
      response: { 200: AdvisoryDatabaseStatus, ...errors },
    })
    .post(
      "/advisories/import",
      async ({ auth, request, query }) => {
        await assertOperator(deps.db, auth.account.id);
        const type = request.headers.get("content-type") ?? "";
        if (!UPLOAD_TYPES.test(type)) {
          throw new AppError("unsupported_media_type", "upload an OSV JSON file (application/json) or an osv.dev zip (application/zip)");
        }
        // No body is an empty upload, which importUpload refuses.
        const body = request.body;
        return importUpload({ db: deps.db, dataDir: deps.config.dataDir, reeval: deps.reeval }, auth.account.id, uploadName(query.name), async (file) =>
          body ? saveStream(body, file, deps.config.uploadMaxBytes) : 0,
        );
      },
      {
        ...secured("admin", {
          summary: "Import advisories uploaded as the raw body (OSV JSON, legacy Node.js security-wg JSON, or osv.dev all.zip); operator account only",
          tags: ["advisories"],
        }),
        query: t.Object({ name: t.Optional(t.String({ maxLength: 200 })) }),
        response: { ...errors },
      },
    );
