// One source file → its FileFacts: read, parse, extract. Shared by the in-process path and the
// parse workers (worker.ts), so both produce the very same facts.
import { packBindings } from "./bound.ts";
import { decodeFacts, encodeFacts } from "./cache.ts";
import { extractFacts } from "./facts.ts";
import type { FileFacts } from "./fact-types.ts";
import { parseSource } from "./parser.ts";
import { queryFor } from "./queries.ts";
import { readSource, type SourceFile } from "./walk.ts";

type TSNode = import("web-tree-sitter").Node;

export function emptyFacts(src: Pick<SourceFile, "path" | "language">, error: string): FileFacts {
  return {
    path: src.path, language: src.language, error, defs: [], calls: [], imports: [], bindings: [],
    attrs: new Map(), exports: new Map(), cjs: [], stars: [], members: new Map(), dynamic: [],
    returns: new Map(),
  };
}

/** Read one file; the text, or its facts when it cannot be analysed (too big, binary, minified). */
export async function readForAnalysis(root: string, src: SourceFile): Promise<{ text: string } | { facts: FileFacts }> {
  const read = await readSource(root, src.path);
  return "error" in read ? { facts: emptyFacts(src, read.error) } : { text: read.text };
}

/**
 * Parse and extract one file's text, in-process: the facts go through the codec, which shares
 * their equal sub-values (as the facts from workers and from the cache are).
 */
export async function analyseText(src: SourceFile, text: string, signal?: AbortSignal): Promise<FileFacts> {
  return (await analyseEncoded(src, text, signal)).facts;
}

/** analyseText, with the entry bytes the facts were decoded from (for the facts cache). */
export async function analyseEncoded(src: SourceFile, text: string, signal?: AbortSignal): Promise<{ facts: FileFacts; bytes: Uint8Array }> {
  const bytes = encodeFacts(await analyseUnshared(src, text, signal));
  const facts = decodeFacts(bytes);
  if (!facts) throw new Error("facts codec: an encoding does not decode");
  return { facts, bytes };
}

/** Parse and extract one file's text; the facts before sharing, for encodeFacts. */
export async function analyseUnshared(src: SourceFile, text: string, signal?: AbortSignal): Promise<FileFacts> {
  // The query before the first parse: compiled after one, while JavaScriptCore's optimising WASM
  // tier (OMG) works on the parser's code, tree-sitter's query compilation takes twice as long or
  // more (`bench-query.ts --compile`: JS 47 -> 116 ms, TypeScript 74 -> 141, Python 44 -> 102;
  // with OMG off both orders take the same).
  const query = await queryFor(src.grammar);
  const parsed = await parseSource(src.grammar, text, signal);
  if ("error" in parsed) return emptyFacts(src, `not parsed: ${parsed.error}`);
  const tree = parsed.tree;
  try {
    const draft = extractFacts(src.path, src.language, tree, query);
    const facts: FileFacts = { ...draft, bindings: packBindings(draft.bindings) };
    const errorLine = firstErrorLine(tree.rootNode);
    if (errorLine !== null) facts.error = `syntax error at line ${errorLine} (analysed only partly)`;
    return facts;
  } finally {
    tree.delete();
  }
}

/** Line of the first ERROR/MISSING node, found with a cursor walk (no recursion). */
function firstErrorLine(root: TSNode): number | null {
  if (!root.hasError) return null;
  const cursor = root.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError || node.isMissing) return node.startPosition.row + 1;
      // Descend only into subtrees that contain the error.
      if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return root.startPosition.row + 1;
    }
  } finally {
    cursor.delete();
  }
}
