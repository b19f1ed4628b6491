// Tree-sitter loading: one wasm runtime, one Language per grammar, one Parser per language,
// all created lazily on first use. Every wasm file is imported as a Bun "file" asset so that
// `bun build --compile` embeds it in the single binary (no reads of repo paths at run time).
import * as jsc from "bun:jsc";
import { Language, Node, Parser, type Tree } from "web-tree-sitter";
import { installFastNodes } from "./wasm-node.ts";
import runtimeWasm from "../../../node_modules/web-tree-sitter/web-tree-sitter.wasm" with { type: "file" };
import jsWasm from "../../../node_modules/tree-sitter-javascript/tree-sitter-javascript.wasm" with { type: "file" };
import tsWasm from "../../../node_modules/tree-sitter-typescript/tree-sitter-typescript.wasm" with { type: "file" };
import tsxWasm from "../../../node_modules/tree-sitter-typescript/tree-sitter-tsx.wasm" with { type: "file" };
import pyWasm from "../../../node_modules/tree-sitter-python/tree-sitter-python.wasm" with { type: "file" };

/** Grammars we parse with. JS covers JSX; TSX is its own grammar. */
export type Grammar = "javascript" | "typescript" | "tsx" | "python";

const WASM: Record<Grammar, string> = {
  javascript: jsWasm,
  typescript: tsWasm,
  tsx: tsxWasm,
  python: pyWasm,
};

/**
 * Node accessors that cross into WASM. Left inlinable, JSC inlines the whole marshalling chain of
 * each one at every call site of the extractors, and compiling those giant functions (rawDef,
 * jsRef...) cost more CPU on the JIT thread than extraction itself (scripts/bench-extract.ts: FTL
 * compile time 15.7 s -> 5.5 s, CPU per pass 2.2 s -> 1.3 s on 33k lines of real JS). Each accessor
 * is still compiled, once, on its own.
 */
const NOT_INLINED = [
  "type", "typeId", "text", "endIndex", "endPosition", "isNamed", "hasError", "children", "namedChildren",
  "namedChildCount", "child", "namedChild", "childForFieldName", "childForFieldId", "descendantsOfType",
];
const noInline = (jsc as unknown as { noInline?: (fn: unknown) => void }).noInline;

function keepOutOfLine(): void {
  for (const name of noInline ? NOT_INLINED : []) {
    const d = Object.getOwnPropertyDescriptor(Node.prototype, name);
    const fn = d?.get ?? d?.value;
    if (typeof fn === "function") noInline!(fn);
  }
}

/**
 * WebAssembly modules compiled from our wasm files, by file, once per process. A parse worker is
 * given the ones its starter compiled (pool.ts) and instantiates them instead of compiling the
 * bytes again: JavaScriptCore keeps a module's compiled code, and the faster tiers its functions
 * reach while running, with the module, so every worker of a pool (and the in-process parser of
 * the thread that started them) shares one compilation and one warm-up of tree-sitter's code.
 */
const modules = new Map<string, Promise<WebAssembly.Module>>();

function moduleOf(file: string): Promise<WebAssembly.Module> {
  let m = modules.get(file);
  if (!m) {
    m = Bun.file(file).bytes().then((bytes) => WebAssembly.compile(bytes));
    modules.set(file, m);
  }
  return m;
}

/** The compiled modules a grammar is parsed with (runtime first), to hand to a parse worker. */
export function wasmModules(grammar: Grammar): Promise<WebAssembly.Module[]> {
  return Promise.all([moduleOf(runtimeWasm), moduleOf(WASM[grammar])]);
}

/** Use modules compiled by another thread (wasmModules there) for `grammar` here. */
export function adoptWasmModules(grammar: Grammar, [runtime, language]: WebAssembly.Module[]): void {
  if (runtime && !modules.has(runtimeWasm)) modules.set(runtimeWasm, Promise.resolve(runtime));
  if (language && !modules.has(WASM[grammar])) modules.set(WASM[grammar], Promise.resolve(language));
}

let runtime: Promise<void> | null = null;
const languages = new Map<Grammar, Promise<Language>>();
const parsers = new Map<Grammar, Parser>();

function initRuntime(): Promise<void> {
  runtime ??= (async () => {
    const compiled = await moduleOf(runtimeWasm);
    // Emscripten's hook for instantiating the runtime oneself: from the compiled module.
    const module = {
      instantiateWasm(imports: ConstructorParameters<typeof WebAssembly.Instance>[1], done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void): object {
        done(new WebAssembly.Instance(compiled, imports), compiled);
        return {};
      },
    };
    await Parser.init(module);
    installFastNodes(module);
    keepOutOfLine();
  })();
  return runtime;
}

/** The Language for a grammar, loaded once. */
export function loadLanguage(grammar: Grammar): Promise<Language> {
  let lang = languages.get(grammar);
  if (!lang) {
    lang = (async () => {
      await initRuntime();
      return Language.loadSync(await moduleOf(WASM[grammar]));
    })();
    languages.set(grammar, lang);
  }
  return lang;
}

async function parserFor(grammar: Grammar): Promise<Parser> {
  let parser = parsers.get(grammar);
  if (!parser) {
    const lang = await loadLanguage(grammar);
    parser = new Parser();
    parser.setLanguage(lang);
    parsers.set(grammar, parser);
  }
  return parser;
}

/** Longest a single file may take to parse; a pathological file must not stall a scan. */
const PARSE_BUDGET_MS = 10_000;

/**
 * A time budget counted in this thread's CPU time. The clock alone would cancel a normal file
 * on a host that is busy with other work (a load of 30 on two cores stretches a 0.5 s parse past
 * 10 s), and the file would lose its edges for that scan only; so the clock is read first
 * (cheap, and below the budget it settles the answer), and past it the thread's own CPU time
 * decides. Returns whether the budget is spent.
 */
export function cpuBudget(ms: number): () => boolean {
  const wallEnd = performance.now() + ms;
  const cpuStart = threadCpuMs();
  return () => performance.now() > wallEnd && threadCpuMs() - cpuStart > ms;
}

function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

export type ParseOutcome = { tree: Tree } | { error: string };

/**
 * Parse one source text. Returns the tree (caller must `tree.delete()`) or an error value when
 * the parse was cancelled (time budget, abort signal) or produced nothing.
 */
export async function parseSource(
  grammar: Grammar,
  source: string,
  signal?: AbortSignal,
): Promise<ParseOutcome> {
  const parser = await parserFor(grammar);
  const spent = cpuBudget(PARSE_BUDGET_MS);
  let cancelled: string | null = null;
  parser.reset();
  const tree = parser.parse(grammar === "python" ? source : usingCallsAsNames(source), null, {
    progressCallback: () => {
      if (signal?.aborted) cancelled = "aborted";
      else if (spent()) cancelled = "parse took too long";
      return cancelled !== null;
    },
  });
  if (!tree) return { error: cancelled ?? "parser produced no tree" };
  // The text node reads slice (wasm-node.ts textOf) instead of calling the tree's text callback,
  // which slices the rest of the source from the start and is then cut again (two slices a read).
  (tree as Tree & { source?: string }).source = source;
  return { tree };
}

/**
 * Our JavaScript grammars read `using` before `(` at the start of a statement as the TypeScript 5.2
 * `using` declaration and leave an ERROR (`using(handler);` of a function named using lost its
 * call). A `using` declaration is never followed by `(`, so such a `using` is parsed as the
 * same-length name `_sing`; node text is sliced from the original source (`tree.source`), so the
 * name still reads `using`. They do not parse `for (using r of xs)` at all (the whole function
 * around it is lost): its `using` is parsed as the same-length `const`, which still reads `using`
 * (facts-js-captures.ts: each item's `[Symbol.dispose]()` runs).
 */
function usingCallsAsNames(source: string): string {
  return source.includes("using") ? source.replace(/(?<![\w$.#])using(?=\s*\()/g, "_sing").replace(/(?<=\bfor\s*\(\s*)using(?=\s+[A-Za-z_$])/g, "const") : source;
}

/** The embedded wasm asset of a grammar (part of the facts cache key: a new grammar, new facts). */
export function wasmAsset(grammar: Grammar): string {
  return WASM[grammar];
}
