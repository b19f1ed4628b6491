// `reachd serve`: the store, the scheduler and the HTTP server, with a graceful SIGTERM drain.
import type { Config } from "../config.ts";
import { createApp } from "../app.ts";
import { createLogger } from "../log.ts";
import { RateLimiter } from "../api/rate-limit.ts";
import { Scheduler } from "../jobs/scheduler.ts";
import { scanHandler } from "../jobs/handlers/scan.ts";
import { queueReevaluation, ReevalRunner } from "../jobs/reeval.ts";
import { WebhookDispatcher } from "../jobs/webhooks.ts";
import { loadWebhookSettings } from "../webhooks/policy.ts";
import { openStore } from "../store/database.ts";
import { loadOrCreateKey } from "../store/crypto.ts";
import { ensureBundledAdvisories } from "../scan/advisories/bundled.ts";
import { VERSION } from "../version.ts";
import { initialize } from "./admin.ts";

const DRAIN_MS = Number(process.env.REACHD_DRAIN_SECONDS ?? "25") * 1000;

export async function serve(config: Config): Promise<number> {
  const log = createLogger(config.logLevel);
  const store = await openStore(config.dataDir);
  const secretKey = await loadOrCreateKey(config.dataDir);
  const bundled = await ensureBundledAdvisories(store.db);
  if (bundled.imported > 0) log.info("bundled advisories loaded", { records: bundled.imported });

  // First start on an empty data dir: make the first account and key, as `reachd init` would.
  const first = await initialize(store.db, { name: "default", plan: "team" });
  if (first) {
    process.stdout.write(
      `reachd: first start — created account ${first.account.id} (team plan)\n` +
        `reachd: admin API key (shown once, store it now): ${first.apiKey}\n` +
        `reachd: dashboard admin ${first.admin.email}, one-time password (shown once): ${first.adminPassword}\n`,
    );
  }

  const scheduler = new Scheduler({
    db: store.db,
    log,
    workers: config.workers,
    scanTimeoutMs: config.scanTimeoutMs,
    maxAttempts: config.maxAttempts,
    handler: scanHandler({ db: store.db, config, secretKey, log }),
  });
  const reeval = new ReevalRunner(store.db, log);
  const webhooks = loadWebhookSettings();
  const dispatcher = new WebhookDispatcher(store.db, secretKey, webhooks, log);
  // A changed bundled set re-matches existing scans like any import.
  if (bundled.imported > 0) await queueReevaluation(store.db, "bundled advisories updated");
  const app = createApp({ db: store.db, config, limiter: new RateLimiter(), queue: scheduler, secretKey, log, version: VERSION, reeval, webhooks });
  const server = Bun.serve({
    hostname: config.host,
    port: config.port,
    // The API caps bodies itself (413 with the contract's body); this is the transport's backstop,
    // sized for advisory uploads.
    maxRequestBodySize: config.uploadMaxBytes + 1024 * 1024,
    fetch: (request) => app.handle(request),
  });
  await scheduler.start();
  await reeval.start();
  dispatcher.start();
  log.info("listening", { url: `http://${server.hostname}:${server.port}`, version: VERSION, data_dir: config.dataDir });

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info("draining", { signal, running: scheduler.active });
      await Promise.all([scheduler.drain(DRAIN_MS), reeval.drain(), dispatcher.drain()]);
      await server.stop(true);
      await store.close();
      log.info("stopped");
      resolve(0);
    };
    process.on("SIGTERM", () => void stop("SIGTERM"));
    process.on("SIGINT", () => void stop("SIGINT"));
  });
}
