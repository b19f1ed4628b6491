// A pool of Bun workers that parse files and extract their facts (worker.ts), so parsing uses
// every core. Two files in flight per worker, so a worker never waits for the main thread to hand
// it the next one; workers start lazily, only as many as there is work.
// A worker that crashes, or takes longer than the per-file limit, costs its file a per-file error
// and is replaced; close() (scan cancelled or timed out) terminates every worker at once.
import { availableParallelism } from "node:os";
import { emptyFacts } from "./analyse.ts";
import type { FileFacts } from "./fact-types.ts";
import type { SourceFile } from "./walk.ts";
import type { WorkRequest, WorkResponse } from "./worker.ts";
import { wasmModules, type Grammar } from "./parser.ts";

export interface PoolOptions {
  /** Workers at most (default: REACHD_PARSE_WORKERS, else the CPU count). */
  size?: number;
  /** The worker script (tests use their own to simulate crashes). */
  workerUrl?: string | URL;
  /** A file taking longer than this ends its worker (default 60 s; the parser's own budget is 10 s). */
  fileTimeoutMs?: number;
  /** A worker not ready after this has failed to start (default: fileTimeoutMs). */
  startTimeoutMs?: number;
  /** Fewer files to parse than this are parsed in-process (default MIN_POOL_FILES in collect.ts). */
  minFiles?: number;
}

/** Worker count: REACHD_PARSE_WORKERS when set (1 = parse in-process), else the CPU count. */
export function defaultPoolSize(env: Record<string, string | undefined> = process.env): number {
  const raw = env.REACHD_PARSE_WORKERS;
  if (raw && /^\d+$/.test(raw.trim())) return Math.max(1, Math.min(64, Number(raw.trim())));
  return Math.max(1, availableParallelism());
}

/**
 * The worker script. From source it is the .ts file beside this one; in the compiled binary it
 * is an extra entrypoint of the build (scripts/build.ts), which Bun resolves by its source path.
 */
export function defaultWorkerUrl(): string {
  // In the binary every module is bundled into one file at the root of Bun's embedded file
  // system, and the worker entrypoint sits at its path relative to src/ (the entrypoints' common
  // directory) with a .js extension.
  if (/\$bunfs|~BUN/.test(import.meta.url)) return new URL("./scan/callgraph/worker.js", import.meta.url).href;
  return new URL("./worker.ts", import.meta.url).href;
}

let live = 0;
let started = 0;
/** Workers started and not yet exited, in this process (tests check that cancelling leaves none). */
export function liveWorkers(): number {
  return live;
}

/** Workers started in this process so far (tests check that one build starts one pool). */
export function startedWorkers(): number {
  return started;
}

/**
 * One file's facts from the pool: as entry bytes (a worker's encodeFacts), which the caller
 * decodes when it wants them, or as facts already (a failure's, or a test worker's clone).
 */
export type Analysed = { bytes: Uint8Array; cacheable: boolean; facts?: undefined } | { facts: FileFacts; bytes?: undefined };

interface Task {
  id: number;
  src: SourceFile;
  text: string;
  resolve: (r: Analysed) => void;
  reject: (e: unknown) => void;
  /** Workers this file was sent to. */
  attempts: number;
}

interface Slot {
  worker: Worker;
  /** Files sent to the worker, in order; it works on the first, the others wait in its inbox. */
  tasks: Task[];
  /** The per-file limit of the first task. */
  timer: ReturnType<typeof setTimeout> | null;
  done: number;
  dead: boolean;
  /** The worker has said something (its `ready` message or an answer): it did start. */
  ready: boolean;
  /** Grammars whose compiled WASM modules the worker was sent. */
  grammars: Set<Grammar>;
}

/** Files sent to a worker ahead of its answers. */
const IN_FLIGHT = 2;

/** After this many workers in a row die on their first file, workers are taken to be unusable. */
const MAX_STARTUP_FAILURES = 3;

export class ParsePool {
  readonly size: number;
  private readonly url: string | URL;
  private readonly fileTimeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed: unknown = null;
  private startupFailures = 0;
  private succeeded = 0;
  /** Compiled WASM modules per grammar, for the workers (parser.ts wasmModules; empty: none). */
  private readonly wasm = new Map<Grammar, WebAssembly.Module[]>();
  /** Set when workers cannot run here; the caller then analyses in-process. */
  broken = false;
  crashed = 0;

  constructor(opts: PoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? defaultPoolSize());
    this.url = opts.workerUrl ?? defaultWorkerUrl();
    this.fileTimeoutMs = opts.fileTimeoutMs ?? 60_000;
    this.startTimeoutMs = opts.startTimeoutMs ?? this.fileTimeoutMs;
  }

  /** The facts of one file. Rejects only when the pool is closed or broken. */
  analyse(src: SourceFile, text: string): Promise<Analysed> {
    const grammar = src.grammar;
    if (this.wasm.has(grammar)) return this.enqueue(src, text);
    // parser.ts compiles each module once per process: the files that arrive meanwhile wait on
    // that one compilation. Workers that could not be given the modules compile their own.
    return wasmModules(grammar)
      .then(
        (m) => void this.wasm.set(grammar, m),
        () => void this.wasm.set(grammar, []),
      )
      .then(() => this.enqueue(src, text));
  }

  private enqueue(src: SourceFile, text: string): Promise<Analysed> {
    return new Promise((resolve, reject) => {
      if (this.closed !== null) return reject(this.closed);
      if (this.broken) return reject(new PoolBroken());
      this.queue.push({ id: this.nextId++, src, text, resolve, reject, attempts: 0 });
      this.pump();
    });
  }

  /** Terminate every worker; queued and in-flight files reject with `reason`. */
  close(reason: unknown = new Error("pool closed")): void {
    if (this.closed !== null) return;
    this.closed = reason;
    for (const slot of this.slots.splice(0)) {
      this.kill(slot);
      for (const task of slot.tasks.splice(0)) task.reject(reason);
    }
    for (const task of this.queue.splice(0)) task.reject(reason);
  }

  private pump(): void {
    while (this.queue.length > 0 && this.closed === null && !this.broken) {
      // An idle worker first, then a new one, then one with room in its inbox.
      let slot = this.slots.find((s) => s.tasks.length === 0 && !s.dead);
      if (!slot && this.slots.length < this.size) slot = this.spawn() ?? undefined;
      slot ??= this.slots.find((s) => s.tasks.length < IN_FLIGHT && !s.dead);
      if (!slot) return;
      this.run(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot | null {
    let worker: Worker;
    try {
      worker = new Worker(this.url);
    } catch {
      this.markBroken();
      return null;
    }
    live++;
    started++;
    const slot: Slot = { worker, tasks: [], timer: null, done: 0, dead: false, ready: false, grammars: new Set() };
    worker.addEventListener("message", (e: MessageEvent<WorkResponse>) => {
      if (!slot.ready) {
        // Started: the start-up limit gives way to the first file's own limit.
        slot.ready = true;
        if (slot.timer) clearTimeout(slot.timer);
        slot.timer = null;
        if (slot.tasks.length > 0) this.startTimer(slot);
      }
      // Answers come in order from our worker; matched by id all the same, so that one out of
      // order (a test worker that skips a file) is never lost.
      const at = slot.tasks.findIndex((t) => t.id === e.data.id);
      if (at < 0) return;
      const task = slot.tasks[at]!;
      if (at === 0) this.finish(slot);
      else slot.tasks.splice(at, 1);
      slot.done++;
      this.succeeded++;
      if (e.data.bytes) task.resolve({ bytes: new Uint8Array(e.data.bytes), cacheable: e.data.cacheable === true });
      else task.resolve({ facts: e.data.facts ?? emptyFacts(task.src, `not analysed: ${e.data.error ?? "worker error"}`) });
      this.pump();
    });
    worker.addEventListener("error", (e: ErrorEvent) => {
      e.preventDefault();
      this.fail(slot, `analysis crashed: ${e.message || "worker error"}`);
    });
    worker.addEventListener("close", () => {
      live--;
      if (!slot.dead) this.fail(slot, "analysis crashed: worker exited");
    });
    this.slots.push(slot);
    return slot;
  }

  private run(slot: Slot, task: Task): void {
    slot.tasks.push(task);
    if (slot.tasks.length === 1) this.startTimer(slot);
    const msg: WorkRequest = { id: task.id, src: task.src, text: task.text };
    const grammar = task.src.grammar;
    if (!slot.grammars.has(grammar)) {
      slot.grammars.add(grammar);
      const wasm = this.wasm.get(grammar);
      if (wasm?.length) msg.wasm = wasm;
    }
    slot.worker.postMessage(msg);
  }

  /**
   * The per-file limit runs from when the worker gets to the file, not from when it was sent;
   * before the worker is ready, the start-up limit bounds its start-up instead (a start-up failure).
   */
  private startTimer(slot: Slot): void {
    const task = slot.tasks[0];
    if (!task) return;
    if (!slot.ready) {
      slot.timer ??= setTimeout(() => this.fail(slot, "analysis crashed: worker did not start"), this.startTimeoutMs);
      return;
    }
    task.attempts++;
    slot.timer = setTimeout(() => this.fail(slot, `not analysed: took longer than ${this.fileTimeoutMs} ms`, true), this.fileTimeoutMs);
  }

  /** The first task is answered: the worker moves on to the next. */
  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.tasks.shift();
    this.startTimer(slot);
  }

  /**
   * The slot's worker is gone or stuck. A worker that dies before it said it was ready could not
   * start: its files go back in line untouched, and after several such deaths in a row workers
   * cannot run here and the pool hands everything back. A worker that dies on its first file may
   * still have died of something else: that file is tried once more. A file that kills a second
   * worker, or times out, gets `message` as its per-file error.
   */
  private fail(slot: Slot, message: string, timedOut = false): void {
    if (slot.dead) return;
    const firstFile = slot.done === 0;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const [task, ...waiting] = slot.tasks.splice(0);
    this.kill(slot);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    // Files still in the dead worker's inbox were never worked on: they go back first in line.
    this.queue.unshift(...waiting);
    if (this.closed !== null) return;
    this.crashed++;
    if (!slot.ready) {
      if (task) this.queue.unshift(task);
      if (this.succeeded === 0 && ++this.startupFailures >= MAX_STARTUP_FAILURES) {
        this.markBroken();
        return;
      }
    } else if (task) {
      if (!timedOut && firstFile && task.attempts < 2) this.queue.unshift(task);
      else task.resolve({ facts: emptyFacts(task.src, message) });
    }
    this.pump();
  }

  private markBroken(): void {
    this.broken = true;
    const err = new PoolBroken();
    for (const t of this.queue.splice(0)) t.reject(err);
    for (const slot of this.slots.splice(0)) {
      this.kill(slot);
      for (const t of slot.tasks.splice(0)) t.reject(err);
    }
  }

  private kill(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    if (slot.timer) clearTimeout(slot.timer);
    slot.worker.terminate();
  }
}

/** Workers cannot run in this process; the file must be analysed in-process instead. */
export class PoolBroken extends Error {
  constructor() {
    super("parse workers unavailable");
  }
}
