// TypeBox schemas: the single source for request validation, response description and the
// OpenAPI document (api/openapi.ts reads them from the routes).
import { t, type Static } from "elysia";
import type { TLiteral, TUnion } from "@sinclair/typebox";

const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(s: T) => t.Union([s, t.Null()]);
const Timestamp = t.String({ description: "UTC, YYYY-MM-DDThh:mm:ssZ", examples: ["2026-11-23T09:00:00Z"] });
const NullableTimestamp = Nullable(Timestamp);
// A union of literals, not t.UnionEnum: Elysia gives an optional UnionEnum query parameter its
// first value as a default, which would silently turn `?` into `?verdict=pass`.
const literals = <const T extends readonly [string, ...string[]]>(values: T, error: string) =>
  t.Union(
    values.map((v) => t.Literal(v)),
    { error },
  ) as unknown as TUnion<[TLiteral<T[number]>]>;

export const ErrorBody = t.Object(
  {
    error: t.Object({
      code: t.String(),
      message: t.String(),
      details: t.Array(t.Object({ field: t.String(), issue: t.String() })),
    }),
    request_id: t.String(),
  },
  { description: "Every non-2xx response" },
);

export const PROVIDERS = ["github", "gitlab", "bitbucket", "gitea", "git", "local"] as const;
export const SEVERITY_VALUES = ["critical", "high", "medium", "low"] as const;
export const VERDICTS = ["pass", "warning", "block"] as const;
export const LEVELS = ["function", "package", "transitive", "unknown", "none"] as const;

export const Cursor = t.String({ minLength: 1, maxLength: 200, error: "must be a cursor returned by a previous page" });
export const Limit = t.Integer({ minimum: 1, maximum: 100, default: 20, error: "must be an integer between 1 and 100" });

// Ids in paths are not length-checked: an id that cannot exist is simply not found (404).
export const RepoIdParams = t.Object({ id: t.String() });

const PathGlobs = (what: string) =>
  t.Array(t.String({ minLength: 1, maxLength: 300, error: "must be a glob of 1 to 300 characters" }), {
    maxItems: 100,
    description: `${what}: globs relative to the repository root (no absolute paths, no ..), at most 100`,
    error: "must be an array of at most 100 globs",
  });
const EntryPoints = PathGlobs("Extra entry points (files matching are entry points even in test or example folders)");
const ExcludePaths = PathGlobs("Paths left out of analysis altogether (never entry points, never analysed)");

export const CreateRepoBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 200, description: "owner/name", error: "must be a non-empty string of owner/name form" }),
  provider: literals(PROVIDERS, `must be one of ${PROVIDERS.join(", ")}`),
  url: t.Optional(Nullable(t.String({ maxLength: 2048, error: "must be a URL string" }))),
  path: t.Optional(Nullable(t.String({ maxLength: 4096, error: "must be an absolute path string" }))),
  default_branch: t.Optional(Nullable(t.String({ minLength: 1, maxLength: 255, error: "must be a branch name" }))),
  credential: t.Optional(
    Nullable(t.Object({ token: t.String({ minLength: 1, maxLength: 8192, error: "must be a non-empty token string" }) })),
  ),
  entry_points: t.Optional(EntryPoints),
  exclude_paths: t.Optional(ExcludePaths),
});
export type CreateRepoBody = Static<typeof CreateRepoBody>;

export const UpdateRepoBody = t.Object(
  { entry_points: t.Optional(EntryPoints), exclude_paths: t.Optional(ExcludePaths) },
  { description: "Fields given replace the stored ones; fields left out stay" },
);
export type UpdateRepoBody = Static<typeof UpdateRepoBody>;

export const Repo = t.Object({
  id: t.String(),
  name: t.String(),
  provider: t.String(),
  plan: t.String(),
  default_branch: Nullable(t.String()),
  url: Nullable(t.String({ description: "Never carries credentials" })),
  created_at: Timestamp,
  last_scan: NullableTimestamp,
  entry_points: t.Array(t.String(), { description: "Extra entry-point globs applied by every scan" }),
  exclude_paths: t.Array(t.String(), { description: "Globs of paths every scan leaves out" }),
});
export type RepoView = Static<typeof Repo>;

export const RepoList = t.Object({ repos: t.Array(Repo), total: t.Integer(), next_cursor: Nullable(t.String()) });
export const ListQuery = t.Object({ limit: t.Optional(Limit), cursor: t.Optional(Cursor) });

export const Threshold = t.Object({
  severity: t.Optional(literals(SEVERITY_VALUES, "must be one of critical, high, medium, low")),
  reachable_only: t.Optional(t.Boolean({ error: "must be a boolean" })),
});

export const Ref = t.String({ maxLength: 255, error: "must be a branch, tag or commit" });

export const CreateScanBody = t.Object({
  repo_id: t.String({ minLength: 1, maxLength: 100, error: "must be a repository id" }),
  ref: Ref,
  threshold: t.Optional(Threshold),
});
export type CreateScanBody = Static<typeof CreateScanBody>;

export const RepoScanBody = t.Optional(Nullable(t.Object({ ref: t.Optional(Ref), threshold: t.Optional(Threshold) })));

export const ScanCreated = t.Object({ id: t.String(), status: t.String(), repo_id: t.String(), created_at: Timestamp });

export const ScanStatus = t.Object({
  id: t.String(),
  repo_id: t.String(),
  ref: t.String(),
  commit_sha: Nullable(t.String()),
  status: literals(["queued", "running", "complete", "failed", "canceled"] as const, "status"),
  verdict: Nullable(t.String()),
  threshold: t.Object({ severity: t.String(), reachable_only: t.Boolean() }),
  trigger: t.String({ description: "api | repo | advisory_update" }),
  created_at: Timestamp,
  started_at: NullableTimestamp,
  completed_at: NullableTimestamp,
  duration_ms: Nullable(t.Integer()),
  total_advisories: Nullable(t.Integer()),
  reachable_count: Nullable(t.Integer()),
  error: Nullable(t.Object({ code: t.String(), message: t.String() })),
});
export type ScanStatusView = Static<typeof ScanStatus>;

export const ScanIdParams = t.Object({ id: t.String() });

export const HistoryQuery = t.Object({
  limit: t.Optional(Limit),
  cursor: t.Optional(Cursor),
  verdict: t.Optional(literals(VERDICTS, "must be one of pass, warning, block")),
});

export const ScanHistory = t.Object({ scans: t.Array(ScanStatus), next_cursor: Nullable(t.String()) });

export const Finding = t.Object({
  id: t.String(),
  advisory_id: t.String(),
  cve_id: Nullable(t.String()),
  aliases: t.Array(t.String()),
  summary: t.String(),
  ecosystem: t.String(),
  package: t.String(),
  version: t.String(),
  severity: t.String(),
  cvss_score: Nullable(t.Number()),
  fix_version: Nullable(t.String()),
  reachable: t.Boolean(),
  call_path: Nullable(t.String({ description: "entry -> file:line -> … -> package[.symbol]" })),
  call_paths: t.Array(t.String()),
  dependency: t.Object({ direct: t.Boolean(), chain: t.Array(t.String()) }),
  reachability: t.Object({
    level: t.String(),
    score: t.Number(),
    symbols: t.Array(t.String()),
    reason: Nullable(t.String()),
  }),
});

export const FindingsQuery = t.Object({
  format: t.Optional(literals(["json", "sarif", "openvex", "cyclonedx"] as const, "must be one of json, sarif, openvex, cyclonedx")),
  reachable: t.Optional(t.BooleanString({ error: "must be true or false" })),
  level: t.Optional(literals(LEVELS, `must be one of ${LEVELS.join(", ")}`)),
  severity: t.Optional(literals(SEVERITY_VALUES, "must be one of critical, high, medium, low")),
});

const ImportRecordView = t.Object({
  id: t.Integer(),
  source: t.String({ description: "bundled, the imported path, or upload:<name>" }),
  started_at: Timestamp,
  finished_at: NullableTimestamp,
  records: t.Integer({ description: "Records read, failed ones included" }),
  inserted: t.Integer(),
  updated: t.Integer(),
  unchanged: t.Integer(),
  withdrawn: t.Integer({ description: "Withdrawn records seen (never stored)" }),
  skipped: t.Integer({ description: "Records affecting neither npm nor PyPI" }),
  errors: t.Integer(),
  error_sample: t.Array(t.Object({ id: Nullable(t.String()), entry: t.String(), error: t.String() })),
});

export const AdvisoryDatabaseStatus = t.Object({
  total: t.Integer({ description: "Advisories stored" }),
  by_ecosystem: t.Object({ npm: t.Integer(), PyPI: t.Integer() }, { description: "Advisories affecting each ecosystem" }),
  last_import: Nullable(ImportRecordView),
  imports: t.Array(ImportRecordView, { description: "The last 10 imports, newest first" }),
  curated_symbols: t.Object(
    {
      entries: t.Integer(),
      by_source: t.Record(t.String(), t.Integer(), { description: "Entries per source: curated-bundled (embedded) or operator" }),
      version: Nullable(t.String({ description: "Content hash of the embedded set last synced" })),
    },
    { description: "The curated vulnerable-symbol set" },
  ),
});

export const FindingsList = t.Object({ scan_id: t.String(), findings: t.Array(Finding), total: t.Integer() });

export const ApiKeyView = t.Object({
  id: t.String(),
  name: t.String(),
  prefix: t.String(),
  scopes: t.Array(t.String()),
  created_at: Timestamp,
  last_used_at: NullableTimestamp,
  expires_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
});

export const CreateKeyBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 100, error: "must be a non-empty name" }),
  scopes: t.Array(literals(["repos:read", "repos:write", "scans:read", "scans:write", "admin"] as const, "unknown scope"), {
    minItems: 1,
    maxItems: 5,
    error: "must list one or more of repos:read, repos:write, scans:read, scans:write, admin",
  }),
  expires_at: t.Optional(Nullable(t.String({ maxLength: 40, error: "must be a UTC timestamp YYYY-MM-DDThh:mm:ssZ" }))),
});

export const CreatedKey = t.Composite([ApiKeyView, t.Object({ api_key: t.String({ description: "Shown once" }) })]);
