// Token buckets, per API key and per account plan, both applied; the headers describe the
// tighter of the two. In memory: limits reset on restart, which errs on the side of the client.
import type { RateLimits } from "../config.ts";
import { isPlan } from "../accounts/scopes.ts";
import { AppError } from "../errors.ts";

export interface BucketState {
  limit: number;
  remaining: number;
  /** Unix epoch seconds when the bucket is full again. */
  reset: number;
  /** Seconds until one token is available (only meaningful when denied). */
  retryAfter: number;
}

class TokenBucket {
  tokens: number;
  updated: number;
  constructor(
    readonly capacity: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.updated = now;
  }
  private get ratePerMs(): number {
    return this.capacity / 60_000;
  }
  refill(now: number): void {
    if (now > this.updated) {
      this.tokens = Math.min(this.capacity, this.tokens + (now - this.updated) * this.ratePerMs);
      this.updated = now;
    }
  }
  state(now: number): BucketState {
    const missing = this.capacity - this.tokens;
    return {
      limit: this.capacity,
      remaining: Math.max(0, Math.floor(this.tokens)),
      reset: Math.ceil((now + missing / this.ratePerMs) / 1000),
      retryAfter: Math.max(1, Math.ceil((1 - this.tokens) / this.ratePerMs / 1000)),
    };
  }
}

export interface RateDecision {
  allowed: boolean;
  state: BucketState;
}

export class RateLimiter {
  private buckets = new Map<string, TokenBucket>();
  private lastSweep = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Takes one token from every named bucket, or from none when any is empty. */
  take(buckets: { key: string; limit: number }[]): RateDecision {
    const now = this.clock();
    this.sweep(now);
    const live = buckets.map(({ key, limit }) => {
      let b = this.buckets.get(key);
      if (!b || b.capacity !== limit) {
        b = new TokenBucket(limit, now);
        this.buckets.set(key, b);
      }
      b.refill(now);
      return b;
    });
    const allowed = live.every((b) => b.tokens >= 1);
    if (allowed) for (const b of live) b.tokens -= 1;
    const states = live.map((b) => b.state(now));
    // The tighter bucket: fewest remaining, then the one that takes longest to refill.
    const tight = states.reduce((a, b) => (b.remaining < a.remaining || (b.remaining === a.remaining && b.reset > a.reset) ? b : a));
    const denied = allowed ? tight : states.filter((s) => s.remaining < 1).reduce((a, b) => (b.retryAfter > a.retryAfter ? b : a));
    return { allowed, state: denied };
  }

  /** Gives back the token `take` took, for attempts that turned out not to count (a good sign-in). */
  refund(buckets: { key: string; limit: number }[]): void {
    const now = this.clock();
    for (const { key, limit } of buckets) {
      const b = this.buckets.get(key);
      if (!b || b.capacity !== limit) continue;
      b.refill(now);
      b.tokens = Math.min(b.capacity, b.tokens + 1);
    }
  }

  /** Drops full buckets now and then so idle keys cost no memory. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, b] of this.buckets) {
      b.refill(now);
      if (b.tokens >= b.capacity) this.buckets.delete(k);
    }
  }
}

export function rateHeaders(s: BucketState): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(s.limit),
    "X-RateLimit-Remaining": String(s.remaining),
    "X-RateLimit-Reset": String(s.reset),
  };
}

/** The account's plan bucket: every API request takes from it, and so does a scan the dashboard starts. */
export function planBucket(limits: RateLimits, account: { id: string; plan: string }): { key: string; limit: number } {
  return { key: `acct:${account.id}`, limit: limits.plan[isPlan(account.plan) ? account.plan : "pro"] };
}

/** The 429 for a refused decision, with its Retry-After. */
export function rateLimited(decision: RateDecision, message = "rate limit exceeded; retry after the time in Retry-After"): AppError {
  return new AppError("rate_limited", message, [], { "retry-after": String(decision.state.retryAfter) });
}
