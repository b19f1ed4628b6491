import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import type { DB } from "../store/database.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { WebhookSettings } from "../webhooks/policy.ts";

/** What the scan API needs of the job scheduler: nothing more, so routes stay thin. */
export interface ScanQueue {
  /** A scan was queued: wake a worker. */
  notify(): void;
  /** Cancel a queued or running scan; resolves once it is `canceled`. */
  cancel(scanId: string): Promise<void>;
  /** False while draining for shutdown: new scans are refused with 503. */
  accepting(): boolean;
}

export interface ApiDeps {
  db: DB;
  config: Config;
  limiter: RateLimiter;
  queue: ScanQueue;
  /** Key that encrypts git host tokens at rest. */
  secretKey: Uint8Array;
  log: Logger;
  version: string;
  /** Re-evaluation worker (src/jobs/reeval.ts): told after an advisory import queued jobs. */
  reeval?: { notify(): void };
  /** Webhook destination policy and delivery knobs; the environment's when absent. */
  webhooks?: WebhookSettings;
}
