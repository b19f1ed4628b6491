// Cross-cutting HTTP behaviour of /v1: request ids, JSON-only bodies with a size cap, and the
// single place where every failure becomes the contract's error body.
import { Elysia } from "elysia";
import { AppError, toErrorBody, type ErrorDetail } from "../errors.ts";
import type { Logger } from "../log.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Routes that take a raw upload (an OSV export) instead of a JSON body: the 1 MiB and JSON rules
 * do not apply; the route streams the body itself under its own cap.
 */
export const RAW_UPLOAD_ROUTES = new Set(["/v1/advisories/import"]);
export const RAW_BODY = "raw-upload" as const;

function pathOf(request: Request): string {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.indexOf("?", start);
  return start < 0 ? "/" : url.slice(start, end < 0 ? undefined : end);
}

/** The API's rules (JSON bodies, error bodies) hold under /v1 only; the dashboard has its own. */
export function isApiPath(request: Request): boolean {
  const path = pathOf(request);
  return path === "/v1" || path.startsWith("/v1/");
}

const requestIds = new WeakMap<Request, string>();
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: Request): string {
  let id = requestIds.get(request);
  if (!id) {
    const sent = request.headers.get("x-request-id");
    id = sent && SANE_ID.test(sent) ? sent : `req_${crypto.randomUUID().replaceAll("-", "")}`;
    requestIds.set(request, id);
  }
  return id;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function isJson(contentType: string | null): boolean {
  return !!contentType && /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType);
}

/** Reads at most MAX_BODY_BYTES, so a chunked body without Content-Length is capped too. */
async function readCapped(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw new AppError("payload_too_large", `request body exceeds ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

type ValidationIssue = { path?: string; message?: string; summary?: string; schema?: { error?: string } };

function validationError(error: unknown): AppError {
  const all: ValidationIssue[] = ((error as { all?: ValidationIssue[] }).all ?? []).slice(0, 20);
  const details: ErrorDetail[] = all.map((e) => {
    const field = (e.path ?? "").replace(/^\//, "").replaceAll("/", ".") || "body";
    return { field, issue: e.schema?.error ?? e.message ?? "is invalid" };
  });
  const first = details[0];
  const message = first ? `${first.field}: ${first.issue}` : "request is invalid";
  return new AppError("validation_failed", message, details);
}

/** Maps anything thrown in a handler to an AppError; unexpected errors become `internal`. */
export function toAppError(code: string | number, error: unknown, log?: Logger): AppError {
  if (error instanceof AppError) return error;
  const cause = (error as { cause?: unknown })?.cause;
  if (cause instanceof AppError) return cause;
  switch (code) {
    case "VALIDATION":
      return validationError(error);
    case "NOT_FOUND":
      return new AppError("not_found", "no such route");
    case "PARSE":
      return new AppError("validation_failed", "request body is not valid JSON", [{ field: "body", issue: "malformed JSON" }]);
    case "INVALID_COOKIE_SIGNATURE":
    case "INVALID_FILE_TYPE":
      return new AppError("validation_failed", "request is invalid");
  }
  log?.error("unhandled error", { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  return new AppError("internal", "internal error");
}

export function errorResponse(err: AppError, request: Request, extraHeaders: Record<string, string> = {}): Response {
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "x-request-id": requestIdOf(request),
    ...extraHeaders,
    ...err.headers,
  };
  if (err.code === "unauthorized") headers["www-authenticate"] = 'Bearer realm="reachd"';
  return new Response(JSON.stringify(toErrorBody(err, requestIdOf(request))), { status: err.status, headers });
}

export const httpPlugin = (log: Logger) =>
  new Elysia({ name: "reachd-http" })
    .onRequest(({ request }) => {
      requestIdOf(request);
      if (!isApiPath(request)) return;
      if (!BODY_METHODS.has(request.method) || RAW_UPLOAD_ROUTES.has(pathOf(request))) return;
      const length = Number(request.headers.get("content-length") ?? "0");
      if (length > MAX_BODY_BYTES) {
        return errorResponse(new AppError("payload_too_large", `request body exceeds ${MAX_BODY_BYTES} bytes`), request);
      }
      const hasBody = length > 0 || request.headers.has("transfer-encoding");
      if (hasBody && !isJson(request.headers.get("content-type"))) {
        return errorResponse(new AppError("unsupported_media_type", "request bodies must be application/json"), request);
      }
    })
    .onParse({ as: "global" }, async ({ request }) => {
      if (!isApiPath(request)) return;
      if (RAW_UPLOAD_ROUTES.has(pathOf(request))) return RAW_BODY;
      const text = await readCapped(request);
      if (text.trim() === "") return null;
      try {
        return JSON.parse(text);
      } catch {
        throw new AppError("validation_failed", "request body is not valid JSON", [{ field: "body", issue: "malformed JSON" }]);
      }
    })
    .onAfterHandle({ as: "global" }, ({ request, set }) => {
      set.headers["x-request-id"] = requestIdOf(request);
    })
    .onError({ as: "global" }, ({ code, error, request, set }) => {
      if (!isApiPath(request)) return;
      const err = toAppError(code, error, log);
      const carried: Record<string, string> = {};
      for (const [k, v] of Object.entries(set.headers)) if (typeof v === "string" && /^x-ratelimit-/i.test(k)) carried[k] = v;
      return errorResponse(err, request, carried);
    });
