// In-process workers over the durable queue: up to `workers` scans at once, each with its own
// AbortController so a timeout, a cancel or a shutdown can stop it between phases.
import type { ScanQueue } from "../api/deps.ts";
import { setDeadline } from "../scan/deadline.ts";
import type { Logger } from "../log.ts";
import type { DB } from "../store/database.ts";
import type { Scan } from "../store/tables.ts";
import { isoNow } from "../time.ts";
import { claimNext, finishRunning, markCanceled, recover, requeue } from "./queue.ts";

/** Why a running scan was aborted; handlers pass the signal down and never swallow it. */
export type AbortReason = "canceled" | "timeout" | "shutdown";

export class ScanAbort extends Error {
  constructor(readonly reason: AbortReason) {
    super(`scan ${reason}`);
  }
}

export type ScanHandler = (scan: Scan, signal: AbortSignal) => Promise<void>;

export interface SchedulerOptions {
  db: DB;
  log: Logger;
  workers: number;
  scanTimeoutMs: number;
  maxAttempts: number;
  handler: ScanHandler;
}

export class Scheduler implements ScanQueue {
  private running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private draining = false;
  private pumping = false;
  private pumpAgain = false;

  constructor(private readonly opts: SchedulerOptions) {}

  async start(): Promise<void> {
    const { requeued, failed } = await recover(this.opts.db, this.opts.maxAttempts);
    if (requeued || failed) this.opts.log.info("recovered interrupted scans", { requeued, failed });
    this.notify();
  }

  accepting(): boolean {
    return !this.draining;
  }

  get active(): number {
    return this.running.size;
  }

  notify(): void {
    void this.pump();
  }

  /** Claims queued scans while there are free workers. Re-entrant calls fold into one loop. */
  private async pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        while (!this.draining && this.running.size < this.opts.workers) {
          const scan = await claimNext(this.opts.db);
          if (!scan) break;
          this.launch(scan);
        }
      } while (this.pumpAgain && !this.draining);
    } catch (e) {
      this.opts.log.error("queue claim failed", { error: String(e) });
    } finally {
      this.pumping = false;
    }
  }

  private launch(scan: Scan): void {
    const controller = new AbortController();
    const expire = (): void => controller.abort(new ScanAbort("timeout"));
    const timer = setTimeout(expire, this.opts.scanTimeoutMs);
    // Synchronous work (call-graph assembly) checks the deadline itself: the timer cannot fire then.
    setDeadline(controller.signal, performance.now() + this.opts.scanTimeoutMs, expire);
    const done = this.execute(scan, controller.signal).finally(() => {
      clearTimeout(timer);
      this.running.delete(scan.id);
      this.notify();
    });
    this.running.set(scan.id, { controller, done });
  }

  private async execute(scan: Scan, signal: AbortSignal): Promise<void> {
    const log = this.opts.log;
    log.info("scan started", { scan_id: scan.id, attempt: scan.attempts });
    try {
      await this.opts.handler(scan, signal);
      log.info("scan finished", { scan_id: scan.id });
    } catch (e) {
      const reason = e instanceof ScanAbort ? e.reason : signal.aborted && signal.reason instanceof ScanAbort ? signal.reason.reason : null;
      if (reason === "shutdown") {
        await requeue(this.opts.db, scan.id);
        log.info("scan returned to the queue for shutdown", { scan_id: scan.id });
      } else if (reason === "canceled") {
        await markCanceled(this.opts.db, scan.id);
      } else if (reason === "timeout") {
        await this.fail(scan, "timeout", `the scan exceeded its time limit of ${Math.round(this.opts.scanTimeoutMs / 1000)} s`);
      } else {
        log.error("scan crashed", { scan_id: scan.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
        await this.fail(scan, "internal", "the scan failed unexpectedly; see the service log");
      }
    }
  }

  private async fail(scan: Scan, code: string, message: string): Promise<void> {
    const completed = isoNow();
    await finishRunning(this.opts.db, scan.id, {
      status: "failed",
      error_code: code,
      error_message: message,
      completed_at: completed,
      duration_ms: scan.started_at ? Math.max(0, Date.parse(completed) - Date.parse(scan.started_at)) : null,
    });
  }

  async cancel(scanId: string): Promise<void> {
    await markCanceled(this.opts.db, scanId);
    const job = this.running.get(scanId);
    if (job) {
      job.controller.abort(new ScanAbort("canceled"));
      await job.done;
    }
  }

  /** No new scans start; running ones get `graceMs` to finish, then go back to the queue. */
  async drain(graceMs: number): Promise<void> {
    this.draining = true;
    const all = () => Promise.all([...this.running.values()].map((j) => j.done));
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A cleared timer, not Bun.sleep: a pending sleep would keep the process alive after drain.
    const grace = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs)));
    const timedOut = await Promise.race([all().then(() => false), grace]);
    clearTimeout(timer);
    if (timedOut) {
      for (const job of this.running.values()) job.controller.abort(new ScanAbort("shutdown"));
      await all();
    }
  }
}
