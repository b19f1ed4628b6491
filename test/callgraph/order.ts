// Comparing graphs built from the same facts in different file orders (order.test.ts).
import type { GraphParts } from "../../src/scan/callgraph/graph.ts";

const KINDS = ["nodes", "edges", "uses", "dynamic", "unresolved"] as const;

/** Each part of a graph as a sorted list of JSON lines: order-free text to compare. */
function sortedParts(parts: GraphParts): Record<(typeof KINDS)[number], string[]> {
  const out = {} as Record<(typeof KINDS)[number], string[]>;
  for (const kind of KINDS) out[kind] = (parts[kind] as object[]).map((x) => JSON.stringify(x)).sort();
  return out;
}

/** What `b` lacks of `a` and has beyond it, per part ("" when they are equal). */
export function orderDifference(a: GraphParts, b: GraphParts): string {
  const x = sortedParts(a);
  const y = sortedParts(b);
  const lines: string[] = [];
  for (const kind of KINDS) {
    const ys = new Set(y[kind]);
    const xs = new Set(x[kind]);
    const lost = x[kind].filter((l) => !ys.has(l));
    const gained = y[kind].filter((l) => !xs.has(l));
    if (lost.length + gained.length === 0) continue;
    lines.push(`${kind}: ${lost.length} lost, ${gained.length} gained; e.g. lost ${lost.slice(0, 3).join(" ")} gained ${gained.slice(0, 3).join(" ")}`);
  }
  return lines.join("\n");
}
