// A call handed a literal of ours keeps its arguments in the reference (refs-js.ts literalArguments:
// `const AliasNode = freeze({ create() {} })`, read by resolve-roots.ts made()), and calls nested
// in those arguments keep theirs only four levels deep, so hostile nesting cannot recurse far.
import { expect, test } from "bun:test";
import type { Node } from "web-tree-sitter";
import { parseSource } from "../../src/scan/callgraph/parser.ts";
import { jsRef } from "../../src/scan/callgraph/refs-js.ts";
import type { Ref } from "../../src/scan/callgraph/ref-types.ts";

async function valueRef(source: string): Promise<Ref | null> {
  const parsed = await parseSource("javascript", source);
  if (!("tree" in parsed)) throw new Error(parsed.error);
  try {
    const value = parsed.tree.rootNode.descendantsOfType("variable_declarator")[0]!.childForFieldName("value")!;
    // Every object literal counts as one of ours (a definition), as extraction says of one with methods.
    const defs = new Set(parsed.tree.rootNode.descendantsOfType("object").map((o: Node | null) => o!.startIndex));
    return jsRef(value, defs);
  } finally {
    parsed.tree.delete();
  }
}

/** How many calls deep the reference keeps arguments. */
function argsDepth(ref: Ref | null): number {
  let depth = 0;
  for (let r = ref; r && r.root.t === "call" && r.root.args; depth++) r = r.root.args.find((a) => a.ref?.root.t === "call")?.ref ?? null;
  return depth;
}

test("a call handed a literal of ours keeps its arguments; a call handed none does not", async () => {
  const kept = await valueRef("const AliasNode = freeze({ create() {} });");
  expect(kept?.root.t === "call" && kept.root.args?.length).toBe(1);
  expect(kept?.root.t === "call" && kept.root.args?.[0]?.ref?.root.t).toBe("def");
  const plain = await valueRef("const n = freeze(1, name);");
  expect(plain?.root.t === "call" && plain.root.args).toBeUndefined();
  // tsc's `(0, utils_1.freeze)(...)` and a member call keep them too.
  const tsc = await valueRef("const A = (0, utils_1.freeze)({ is() {} });");
  expect(tsc?.root.t === "call" && tsc.root.args?.length).toBe(1);
});

test("nested calls keep arguments four levels deep, not as deep as they are written", async () => {
  const nested = (n: number): string => `const x = ${"f({}, ".repeat(n)}1${")".repeat(n)};`;
  expect(argsDepth(await valueRef(nested(3)))).toBe(3);
  expect(argsDepth(await valueRef(nested(40)))).toBe(4);
});
