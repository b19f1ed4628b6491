// The facts codec of this checkout against another's (`--base DIR`, e.g. a git worktree of main),
// in one process, file by file as a parse worker encodes: every file is extracted twice (the
// facts fresh, as a worker encodes them right after extraction, not held and cold), each code
// encodes one copy, then decodes its bytes. Which code goes first and which gets the fresher copy
// alternate over files and repetitions: giving one code the fresher copy every time biased the
// comparison by 10–15%. Checks that both write the same bytes for every file;
// prints CPU seconds per code and stage, min over the repetitions after a warm-up pass.
//
//   bun scripts/bench-codec.ts --base DIR [--reps 3] DIR...
import { packBindings } from "../src/scan/callgraph/bound.ts";
import * as ours from "../src/scan/callgraph/cache.ts";
import { extractFacts } from "../src/scan/callgraph/facts.ts";
import type { FileFacts } from "../src/scan/callgraph/fact-types.ts";
import { parseSource } from "../src/scan/callgraph/parser.ts";
import { queryFor } from "../src/scan/callgraph/queries.ts";
import { listFiles, readSource, type SourceFile } from "../src/scan/callgraph/walk.ts";

type Codec = Pick<typeof ours, "encodeFacts" | "decodeFacts">;

const args = process.argv.slice(2);
let reps = 3;
let base: string | null = null;
const dirs: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--reps") reps = Number(args[++i]);
  else if (args[i] === "--base") base = args[++i]!;
  else dirs.push(args[i]!);
}
if (base === null || dirs.length === 0) throw new Error("usage: bench-codec.ts --base DIR [--reps N] DIR...");
const theirs = (await import(`${base}/src/scan/callgraph/cache.ts`)) as Codec;
const codecs: [string, Codec][] = [["base", theirs], ["this", ours]];

const files: { src: SourceFile; text: string }[] = [];
for (const dir of dirs) {
  for (const src of (await listFiles(dir)).sources) {
    const read = await readSource(dir, src.path);
    if ("text" in read) files.push({ src: { ...src, path: `${dir}/${src.path}` }, text: read.text });
  }
}

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** The facts a worker encodes (bindings packed), or null when the file does not parse. */
async function factsOf(src: SourceFile, text: string): Promise<FileFacts | null> {
  const parsed = await parseSource(src.grammar, text);
  if (!("tree" in parsed)) return null;
  try {
    const draft = extractFacts(src.path, src.language, parsed.tree, await queryFor(src.grammar));
    return { ...draft, bindings: packBindings(draft.bindings) };
  } finally {
    parsed.tree.delete();
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && Buffer.compare(a, b) === 0;

let differing = 0;
const best: Record<string, number> = {};
for (let r = 0; r <= reps; r++) {
  const t: Record<string, number> = {};
  for (const [name] of codecs) t[`${name} encode`] = t[`${name} decode`] = 0;
  let n = 0;
  for (const { src, text } of files) {
    const older = await factsOf(src, text);
    const newer = await factsOf(src, text);
    if (!older || !newer) continue;
    const fresher = ((n >> 1) + r) % 2;
    const first = (n + r) % 2;
    n++;
    const bytes: Uint8Array[] = [];
    for (let k = 0; k < 2; k++) {
      const c = first ^ k;
      const [name, codec] = codecs[c]!;
      const facts = c === fresher ? newer : older;
      let a = cpu();
      bytes[c] = codec.encodeFacts(facts);
      let b = cpu();
      t[`${name} encode`]! += b - a;
      a = b;
      if (!codec.decodeFacts(bytes[c]!)) throw new Error(`${src.path}: ${name}'s encoding does not decode`);
      b = cpu();
      t[`${name} decode`]! += b - a;
    }
    if (r === 0 && !sameBytes(bytes[0]!, bytes[1]!)) differing++;
  }
  // The first pass pays for JIT compiles and loading grammars and queries.
  if (r === 0) continue;
  for (const [k, v] of Object.entries(t)) best[k] = Math.min(best[k] ?? Infinity, v);
}
console.log(`${files.length} files, encodings differing from base: ${differing}`);
console.log(`cpu s (min of ${reps}): ${Object.entries(best).map(([k, v]) => `${k} ${v.toFixed(3)}`).join("  ")}`);
