// Python extraction makes one argument list per argument text in a file (facts-py.ts pyArgs), so
// calls with the same arguments hold the same list. A rewrite of one call's arguments afterwards
// (`f = wrap(f)`: the f passed is the f from before) must not reach the other calls sharing it.
import { expect, test } from "bun:test";
import { extractFacts } from "../../src/scan/callgraph/facts.ts";
import { parseSource } from "../../src/scan/callgraph/parser.ts";
import { queryFor } from "../../src/scan/callgraph/queries.ts";

test("a call's rewritten arguments leave the calls that shared its list as they were", async () => {
  const text = "f = g\nprint(f)\nf = wrap(f)\nprint(f)\nlog(lambda: f)\nlog(lambda: f)\n";
  const parsed = await parseSource("python", text);
  if (!("tree" in parsed)) throw new Error(parsed.error);
  try {
    const facts = extractFacts("m.py", "python", parsed.tree, await queryFor("python"));
    const args = (name: string) =>
      facts.calls.filter((c) => c.ref.root.t === "name" && c.ref.root.name === name).map((c) => c.args!);
    const [before, after] = args("print");
    const [wrapped] = args("wrap");
    expect(before).toBe(after!);
    expect(before![0]!.ref!.root).toEqual({ t: "name", name: "f" });
    expect(wrapped![0]!.ref!.root).toMatchObject({ t: "prior", name: "f", count: 1 });
    // A lambda is known by its position: each list is its own.
    const [one, two] = args("log");
    expect(one).not.toBe(two!);
    expect(one![0]!.ref).not.toEqual(two![0]!.ref);
  } finally {
    parsed.tree.delete();
  }
});
