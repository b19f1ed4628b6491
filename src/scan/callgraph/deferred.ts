// Facts told by code at a match the query reports before the match of the pattern that told them
// once (facts.ts moved such patterns into code: fewer patterns compile and run faster). They wait
// until the matches reach the place where that pattern matched, so every list of facts keeps its
// order: the query reports a match when it reaches the last node of it, and reaches nodes in
// source order, so a match with a capture starting at or after that place is reported after it.
import type { Caps } from "./captures.ts";

export class Deferred {
  private items: { at: number; run: () => void }[] = [];

  /** `run` once the matches reach offset `at` (in the order of `at`, then of adding). */
  add(at: number, run: () => void): void {
    let i = this.items.length;
    while (i > 0 && this.items[i - 1]!.at > at) i--;
    // Nearly always at the end (matches come in source order): a push, not splice's generic path.
    if (i === this.items.length) this.items.push({ at, run });
    else this.items.splice(i, 0, { at, run });
  }

  /** Runs what is due before the match with these captures is handled. */
  before(caps: Caps): void {
    if (this.items.length === 0) return;
    let reach = -1;
    for (let i = 0; i < caps.length; i++) {
      const start = caps[i]!.node.startIndex;
      if (start > reach) reach = start;
    }
    let due = 0;
    while (due < this.items.length && this.items[due]!.at <= reach) due++;
    if (due > 0) for (const item of this.items.splice(0, due)) item.run();
  }

  /** Runs everything left, after the last match. */
  flush(): void {
    for (const item of this.items.splice(0)) item.run();
  }
}
