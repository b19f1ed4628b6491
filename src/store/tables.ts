// Every table of the store, as Kysely sees it. Timestamps are stored as the contract's
// UTC text form (YYYY-MM-DDThh:mm:ssZ), which sorts correctly as text; JSON columns are text.
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export interface AccountsTable {
  id: string;
  name: string;
  plan: string; // pro | team | enterprise
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  /** First characters of the key, shown in listings so a user can tell keys apart. */
  prefix: string;
  /** sha256 hex of the whole key: keys carry 256 bits of entropy, so a slow hash adds nothing. */
  hash: string;
  scopes: string; // JSON array
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface ReposTable {
  id: string;
  account_id: string;
  name: string;
  provider: string;
  url: string | null;
  path: string | null;
  default_branch: string | null;
  /** AES-GCM ciphertext of the git host token (see store/crypto.ts), never returned by the API. */
  credential: string | null;
  created_at: string;
  last_scan_at: string | null;
  /** JSON array of extra entry-point globs (see scan/reach/settings.ts). */
  entry_points: Generated<string>;
  /** JSON array of globs of paths left out of analysis. */
  exclude_paths: Generated<string>;
}

export interface ScansTable {
  id: string;
  account_id: string;
  repo_id: string;
  ref: string;
  commit_sha: string | null;
  status: string; // queued | running | complete | failed | canceled
  verdict: string | null;
  threshold_severity: string;
  threshold_reachable_only: number; // 0 | 1
  trigger: string; // api | repo | advisory_update
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  duration_ms: number | null;
  total_advisories: number | null;
  reachable_count: number | null;
  error_code: string | null;
  error_message: string | null;
  attempts: number;
  /** JSON: per-file errors and counts from the phases, for operators. */
  stats: string | null;
}

export interface FindingsTable {
  id: string;
  scan_id: string;
  advisory_id: string;
  cve_id: string | null;
  aliases: string; // JSON array
  summary: string;
  ecosystem: string;
  package: string;
  version: string;
  severity: string;
  cvss_score: number | null;
  fix_version: string | null;
  reachable: number; // 0 | 1
  level: string;
  score: number;
  reason: string | null;
  symbols: string; // JSON array
  call_paths: string; // JSON array of strings
  direct: number; // 0 | 1
  chain: string; // JSON array
  risk: number;
  /** 1 when the finding passes the scan's threshold; only reported findings are listed. */
  reported: number;
}

export interface AdvisoriesTable {
  id: string;
  modified: string;
  published: string | null;
  summary: string;
  aliases: string; // JSON array
  /** The normalised record (src/scan/advisories/osv.ts) as JSON: what matching reads. */
  record: string;
  source: string;
  imported_at: string;
}

export interface AdvisoryPackagesTable {
  advisory_id: string;
  ecosystem: string;
  /** Normalised name: npm lower-cased, PyPI per PEP 503. */
  name: string;
}

export interface AdvisoryImportsTable {
  id: Generated<number>;
  source: string;
  started_at: string;
  finished_at: string | null;
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  errors: number;
  /** Records affecting no supported ecosystem (migration 0002). */
  skipped: Generated<number>;
  /** JSON array of the first few per-record errors. */
  error_sample: string;
}

export interface CuratedSymbolsTable {
  advisory_id: string;
  ecosystem: string;
  /** Normalised name, as in advisory_packages. */
  package: string;
  /** "curated-bundled" (embedded in the binary) or "operator". */
  source: string;
  /** The name as the entry spells it. */
  package_name: string;
  aliases: string; // JSON array
  imports: string; // JSON VulnerableImport[]
  why: string;
  imported_at: string;
}

/** A completed scan's inventory and call graph (src/scan/snapshot.ts), for re-evaluation. */
export interface ScanSnapshotsTable {
  scan_id: string;
  /** SNAPSHOT_FORMAT at write time; another value is not read. */
  format: number;
  bytes: number;
  /** gzip of the snapshot JSON. */
  data: Uint8Array;
  created_at: string;
}

/** Re-match one repository's latest complete scan against the advisories stored now. */
export interface ReevalJobsTable {
  id: Generated<number>;
  repo_id: string;
  status: string; // queued | running | done
  /** What queued it: "advisory import 12". */
  reason: string;
  attempts: Generated<number>;
  created_at: string;
  finished_at: string | null;
  outcome: string | null;
  /** The advisory_update scan it created, if any. */
  scan_id: string | null;
}

/** A person who signs in to the dashboard; belongs to one account. */
export interface UsersTable {
  id: string;
  account_id: string;
  /** Lower-cased; unique across accounts, since sign-in asks only for email and password. */
  email: string;
  role: string; // admin | member | viewer
  /** argon2id (Bun.password), PHC string. */
  password_hash: string;
  /** 1 while the password is the one-time one printed at creation: the next sign-in must change it. */
  must_change_password: number;
  created_at: string;
  last_login_at: string | null;
}

/** A dashboard sign-in. The cookie holds a random id; only its sha256 is stored. */
export interface SessionsTable {
  id_hash: string;
  user_id: string;
  /** Synchronizer token for the session's forms. */
  csrf: string;
  created_at: string;
  /** Absolute end of the session. */
  expires_at: string;
  /** Idle sessions end too; refreshed at most once a minute. */
  last_seen_at: string;
}

export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  /** JSON array of event names. */
  events: string;
  /** AES-256-GCM (store/crypto.ts), like repository tokens. */
  secret_enc: string;
  active: Generated<number>;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event: string;
  scan_id: string;
  /** The exact body sent, fixed at enqueue so every retry carries the same signed bytes. */
  payload: string;
  status: string; // pending | delivered | failed
  attempts: Generated<number>;
  status_code: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  response_excerpt: string | null;
  duration_ms: number;
  created_at: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  repos: ReposTable;
  scans: ScansTable;
  findings: FindingsTable;
  advisories: AdvisoriesTable;
  advisory_packages: AdvisoryPackagesTable;
  advisory_imports: AdvisoryImportsTable;
  curated_symbols: CuratedSymbolsTable;
  scan_snapshots: ScanSnapshotsTable;
  reeval_jobs: ReevalJobsTable;
  users: UsersTable;
  sessions: SessionsTable;
  meta: MetaTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

export type Account = Selectable<AccountsTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type NewApiKey = Insertable<ApiKeysTable>;
export type Repo = Selectable<ReposTable>;
export type Scan = Selectable<ScansTable>;
export type ScanUpdate = Updateable<ScansTable>;
export type Finding = Selectable<FindingsTable>;
export type NewFinding = Insertable<FindingsTable>;
export type AdvisoryRow = Selectable<AdvisoriesTable>;
export type ReevalJob = Selectable<ReevalJobsTable>;
export type User = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type Webhook = Selectable<WebhooksTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;
export type WebhookAttempt = Selectable<WebhookAttemptsTable>;
