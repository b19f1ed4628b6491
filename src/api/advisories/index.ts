// The advisory database over the API: its status for any reader of scans, and a streamed upload
// of an OSV export (JSON file or osv.dev all.zip). The database is shared by every account, so
// importing is reserved to the operator account (the one `reachd init` created).
import { Elysia, t } from "elysia";
import { createWriteStream } from "node:fs";
import { AppError } from "../../errors.ts";
import { databaseStatus } from "../../scan/advisories/status.ts";
import { authPlugin } from "../auth.ts";
import type { ApiDeps } from "../deps.ts";
import { AdvisoryDatabaseStatus, ErrorBody } from "../models.ts";
import { secured } from "../route.ts";
import { assertOperator, importUpload, uploadName } from "./upload.ts";

const UPLOAD_TYPES = /^(application\/(zip|x-zip-compressed|octet-stream|json)|text\/json)\s*(;|$)/i;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody };

/** Streams the request body to `file`, refusing past `max` bytes without buffering it. */
async function saveBody(request: Request, file: string, max: number): Promise<number> {
  if (!request.body) throw new AppError("validation_failed", "the upload is empty", [{ field: "body", issue: "is empty" }]);
  const out = createWriteStream(file, { mode: 0o600 });
  let size = 0;
  try {
    for await (const chunk of request.body) {
      size += chunk.byteLength;
      if (size > max) throw new AppError("payload_too_large", `the upload exceeds ${Math.floor(max / 1024 / 1024)} MiB (REACHD_UPLOAD_MAX_MB)`);
      if (!out.write(chunk)) await new Promise((r) => out.once("drain", r));
    }
  } finally {
    await new Promise((r) => out.end(r));
  }
  if (size === 0) throw new AppError("validation_failed", "the upload is empty", [{ field: "body", issue: "is empty" }]);
  return size;
}

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
        return importUpload({ db: deps.db, dataDir: deps.config.dataDir, reeval: deps.reeval }, auth.account.id, uploadName(query.name), (file) =>
          saveBody(request, file, deps.config.uploadMaxBytes),
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
