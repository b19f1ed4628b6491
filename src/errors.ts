// Every failure a client can see: a closed set of codes, each with its HTTP status, mapped to
// the contract's error body in one place (toErrorBody). Messages are written for users and
// never carry stack traces, SQL or file-system paths.

export type ErrorCode =
  | "validation_failed"
  | "unauthorized"
  | "insufficient_scope"
  | "not_found"
  | "conflict"
  | "scan_not_complete"
  | "payload_too_large"
  | "unsupported_media_type"
  | "repository_access_denied"
  | "rate_limited"
  | "internal"
  | "unavailable";

export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  not_found: 404,
  conflict: 409,
  scan_not_complete: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  repository_access_denied: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

export interface ErrorDetail {
  field: string;
  issue: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = [], headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = "resource") => new AppError("not_found", `${what} not found`);

export const invalid = (field: string, issue: string, message?: string) =>
  new AppError("validation_failed", message ?? `${field} ${issue}`, [{ field, issue }]);

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details: ErrorDetail[] };
  request_id: string;
}

export function toErrorBody(err: AppError, requestId: string): ErrorBody {
  return { error: { code: err.code, message: err.message, details: err.details }, request_id: requestId };
}
