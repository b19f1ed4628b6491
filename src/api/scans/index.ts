import { Elysia } from "elysia";
import { authPlugin } from "../auth.ts";
import { secured } from "../route.ts";
import { decodeCursor } from "../cursor.ts";
import type { ApiDeps } from "../deps.ts";
import {
  CreateScanBody,
  ErrorBody,
  FindingsList,
  FindingsQuery,
  HistoryQuery,
  RepoIdParams,
  RepoScanBody,
  ScanCreated,
  ScanHistory,
  ScanIdParams,
  ScanStatus,
} from "../models.ts";
import { findRepo } from "../repos/service.ts";
import { exportFindings } from "./export.ts";
import { assertCancelable, findScan, scanFindings, scanHistory, scanStatusView, startScan } from "./service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export const scansController = (deps: ApiDeps) => {
  const created = (scan: { id: string; status: string; repo_id: string; created_at: string }) => ({ id: scan.id, status: scan.status, repo_id: scan.repo_id, created_at: scan.created_at });

  return new Elysia({ name: "reachd-scans" })
    .use(authPlugin(deps))
    .post(
      "/scans",
      async ({ auth, body, set }) => {
        const scan = await startScan(deps, auth.account.id, {
          repoId: body.repo_id,
          ref: body.ref,
          threshold: body.threshold,
          trigger: "api",
        });
        set.status = 201;
        return created(scan);
      },
      {
        ...secured("scans:write", { summary: "Start a scan of a ref", tags: ["scans"] }),
        body: CreateScanBody,
        response: { 201: ScanCreated, ...errors, 503: ErrorBody },
      },
    )
    .post(
      "/repos/:id/scans",
      async ({ auth, params, body, set }) => {
        const scan = await startScan(deps, auth.account.id, {
          repoId: params.id,
          ref: body?.ref,
          threshold: body?.threshold,
          trigger: "repo",
        });
        set.status = 201;
        return created(scan);
      },
      {
        ...secured("scans:write", { summary: "Start an on-demand scan (default: the repository's default branch)", tags: ["scans"] }),
        params: RepoIdParams,
        body: RepoScanBody,
        response: { 201: ScanCreated, ...errors, 503: ErrorBody },
      },
    )
    .get(
      "/repos/:id/scans",
      ({ auth, params, query }) =>
        scanHistory(deps.db, auth.account.id, params.id, {
          limit: query.limit ?? 20,
          after: decodeCursor(query.cursor, "scan"),
          verdict: query.verdict,
        }),
      {
        ...secured("repos:read", { summary: "Scan history of a repository, newest first", tags: ["scans"] }),
        params: RepoIdParams,
        query: HistoryQuery,
        response: { 200: ScanHistory, ...errors },
      },
    )
    .get("/scans/:id", async ({ auth, params }) => scanStatusView(await findScan(deps.db, auth.account.id, params.id)), {
      ...secured("scans:read", { summary: "Scan status and summary counts", tags: ["scans"] }),
      params: ScanIdParams,
      response: { 200: ScanStatus, ...errors },
    })
    .delete(
      "/scans/:id",
      async ({ auth, params, set }) => {
        const scan = await findScan(deps.db, auth.account.id, params.id);
        assertCancelable(scan);
        await deps.queue.cancel(scan.id);
        set.status = 204;
        return null;
      },
      {
        ...secured("scans:write", { summary: "Cancel a queued or running scan", tags: ["scans"] }),
        params: ScanIdParams,
        response: { ...errors, 409: ErrorBody },
      },
    )
    .get(
      "/scans/:id/findings",
      async ({ auth, params, query }) => {
        const scan = await findScan(deps.db, auth.account.id, params.id);
        const findings = await scanFindings(deps.db, scan, {
          reachable: query.reachable,
          level: query.level,
          severity: query.severity,
        });
        if (query.format && query.format !== "json") {
          const repo = await findRepo(deps.db, auth.account.id, scan.repo_id);
          // Elysia sends a Response as it is; only the declared 200 schema (the JSON form) lacks it.
          return exportFindings(query.format, { scan, repoName: repo.name, version: deps.version }, findings) as unknown as {
            scan_id: string;
            findings: typeof findings;
            total: number;
          };
        }
        return { scan_id: scan.id, findings, total: findings.length };
      },
      {
        ...secured("scans:read", {
          summary: "Findings of a complete scan, sorted by risk; ?format=sarif|openvex|cyclonedx exports them",
          tags: ["findings"],
        }),
        params: ScanIdParams,
        query: FindingsQuery,
        response: { 200: FindingsList, ...errors, 409: ErrorBody },
      },
    );
};
