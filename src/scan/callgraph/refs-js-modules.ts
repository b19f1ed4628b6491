// JavaScript module specifiers a call loads: `require("x")`, `import("x")`, `require(path.join(__dirname, "x"))`
// and their conditional forms.
import type { Node } from "web-tree-sitter";
import { calleeNames } from "./queries.ts";
import { field } from "./fields.ts";
import { loopStrings } from "./facts-js.ts";
import { type Ref, stringLiteral } from "./ref-types.ts";
import { constKey, templateStrings, ternaryKeys } from "./refs-js-keys.ts";
import { GLOB } from "./modules.ts";

/** The left side of `module.exports = v` / `exports = v`. */
export const EXPORTS_TARGET = /^(?:module\.)?exports$/;

let loadNames: ReadonlySet<string> | null = null;

/**
 * Whether a callee (its type, and its text when it is an identifier) loads a module: `import(x)`,
 * or a name of grammars/javascript/callees.scm's load pattern (`require`).
 */
export function loadsModule(calleeType: string, name: string | undefined): boolean {
  if (calleeType === "import") return true;
  return name !== undefined && calleeType === "identifier" && (loadNames ??= calleeNames("javascript", "load.call")).has(name);
}

/** `require("x")` / `import("x")` with a literal argument → "x"; otherwise null. */
export function requireSpecifier(
  call: Node,
  callee = field(call, "function"),
  calleeType = callee?.type,
  calleeText?: string | null,
): string | null {
  if (!callee || !loadsModule(calleeType!, calleeType === "identifier" ? (calleeText ?? callee.text) : undefined)) return null;
  const arg = field(call, "arguments")?.namedChild(0);
  return arg ? moduleSpecifier(arg) : null;
}

/**
 * The modules `require(x)` / `import(x)` may load: x's one specifier (moduleSpecifier), both of
 * `c ? "./a" : "./b"`, or the strings a loop's name takes (`for (const p of ["./a", "./b"])
 * await import(p)`: facts-js.ts loopStrings); null for anything else.
 */
export function moduleSpecifiers(arg: Node): string[] | null {
  const one = moduleSpecifier(arg);
  if (one !== null) return [one];
  const type = arg.type;
  if (type === "ternary_expression") return ternaryKeys(arg);
  if (type === "template_string") return templateSpecifiers(arg);
  if (type === "binary_expression") return concatSpecifiers(arg);
  return type === "identifier" ? loopStrings(arg) : null;
}

/**
 * `"./drivers/" + kind` (at most four operands of `+`) with kind a name loopStrings reads: a loop's
 * literals, or a parameter every call of its function in the file gives a literal
 * (`function load(kind) { return require("./drivers/" + kind) }; load("mysql")`): the
 * specifiers, at most 16; null otherwise.
 */
function concatSpecifiers(node: Node): string[] | null {
  const operands: Node[] = [];
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === "binary_expression" && field(n, "operator")?.text === "+") {
      const left = field(n, "left");
      const right = field(n, "right");
      if (!left || !right) return null;
      stack.push(right, left);
    } else operands.push(n);
    if (operands.length + stack.length > 4) return null;
  }
  let out = [""];
  let named = false;
  for (const o of operands) {
    const literal = stringLiteral(o);
    const one = literal ?? (o.type === "identifier" ? constKey(o) : null);
    const parts = one !== null ? [one] : o.type === "identifier" ? loopStrings(o) : null;
    if (!parts || out.length * parts.length > 16) return null;
    if (one === null) named = true;
    out = out.flatMap((k) => parts.map((p) => k + p));
  }
  return named && out.every((k) => k !== "") ? out : null;
}

/**
 * `` `./handlers/${channel}` `` whose substitutions are names of the file's string constants (or
 * of a loop over literal strings): the specifiers it spells, at most 16; null otherwise.
 */
function templateSpecifiers(node: Node): string[] | null {
  const out = templateStrings(node);
  return out && out.every((k) => k !== "") ? out : null;
}

/** `require(c ? "./a" : "./b")` / `import(p)` of moduleSpecifiers' several modules: either; else null. */
export function eitherModule(call: Node, callee: Node, calleeType: string, calleeText: string | null): Ref | null {
  if (!loadsModule(calleeType, calleeType === "identifier" ? (calleeText ?? undefined) : undefined)) return null;
  const arg = field(call, "arguments")?.namedChild(0);
  const specs = arg ? moduleSpecifiers(arg) : null;
  return specs && specs.length > 1 ? { root: { t: "union", refs: specs.map((spec): Ref => ({ root: calleeType === "identifier" ? { t: "module", spec, req: true } : { t: "module", spec }, path: [] })) }, path: [] } : null;
}

/**
 * A module's specifier written as a string literal, or as a `const` of the file holding one, or
 * as a path of this file's folder made of literals: `path.join(__dirname, "jobs.js")`,
 * `path.resolve(__dirname, "lib", "x")`, `__dirname + "/x.js"`, `` `${__dirname}/x.js` ``.
 */
export function moduleSpecifier(arg: Node): string | null {
  const type = arg.type;
  if (type === "identifier") return constKey(arg);
  const literal = stringLiteral(arg);
  if (literal !== null) return literal;
  const dirname = type === "call_expression" || type === "binary_expression" || type === "template_string" ? dirnameSpecifier(arg, type) : null;
  if (dirname !== null) return dirname;
  // `"./drivers/" + DRIVER` of literals and the file's string constants; a template of them.
  if (type === "binary_expression") {
    const key = constKey(arg);
    if (key !== null) return key;
    const spelled = concatSpecifiers(arg);
    return spelled?.length === 1 ? spelled[0]! : null;
  }
  const spelled = type === "template_string" ? templateSpecifiers(arg) : null;
  return spelled?.length === 1 ? spelled[0]! : null;
}

/** `path.join(__dirname, "a", "b.js")` and its like (moduleSpecifier) as "./a/b.js"; null otherwise. */
function dirnameSpecifier(arg: Node, type: string): string | null {
  let parts: string[];
  if (type === "template_string") {
    const m = /^`\$\{__dirname\}\/([^`$\\]+)`$/.exec(arg.text);
    if (!m) return null;
    parts = [m[1]!];
  } else if (type === "binary_expression") {
    if (field(arg, "left")?.text !== "__dirname" || field(arg, "operator")?.text !== "+") return null;
    const s = stringLiteral(field(arg, "right")!);
    if (s === null || !s.startsWith("/")) return null;
    parts = [s];
  } else {
    const fn = field(arg, "function");
    const fnText = fn?.text;
    if (fnText !== "path.join" && fnText !== "path.resolve" && fnText !== "join" && fnText !== "resolve") return null;
    const args = field(arg, "arguments")?.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment") ?? [];
    if (args.length < 2 || args[0]!.text !== "__dirname") return null;
    parts = [];
    for (const a of args.slice(1)) {
      const s = stringLiteral(a);
      if (s === null) return null;
      parts.push(s);
    }
  }
  const rel = parts.map((x) => x.replace(/^\/+|\/+$/g, "")).filter((x) => x !== "" && x !== ".").join("/");
  if (rel === "" || /^[a-z][\w+.-]*:/i.test(rel)) return null;
  return rel.startsWith("..") ? rel : `./${rel}`;
}

/**
 * Vite's `import.meta.glob("./modules/*.js", { eager: true })` (also a list of patterns): an object
 * whose values are the matching modules (their default exports with `import: "default"`); null
 * for anything else (lazy globs map paths to loaders, not followed).
 */
export function viteGlob(call: Node, calleeText: string | null): Ref | null {
  if (calleeText !== "import.meta.glob" && calleeText !== "import.meta.globEager") return null;
  const args = field(call, "arguments")?.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment") ?? [];
  if (args.length === 0) return null;
  let eager = calleeText === "import.meta.globEager";
  let value: string[] = [];
  if (args[1]?.type === "object") {
    for (const p of args[1].namedChildren) {
      if (p?.type !== "pair") continue;
      const key = field(p, "key")?.text;
      const v = field(p, "value");
      if (key === "eager") eager = v?.type === "true";
      else if (key === "import" && v) {
        const name = stringLiteral(v);
        if (name !== null && name !== "*") value = [name];
      }
    }
  }
  if (!eager) return null;
  const patterns = args[0]!.type === "array" ? args[0]!.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment") : [args[0]!];
  const items: { key: string; ref: Ref }[] = [];
  for (const n of patterns.slice(0, 8)) {
    const pattern = stringLiteral(n);
    if (pattern === null) return null;
    // (`!./x.js` negates a match: not read.)
    if (!pattern.startsWith("./") && !pattern.startsWith("../")) continue;
    items.push({ key: "[*]", ref: { root: { t: "module", spec: GLOB + pattern }, path: value } });
  }
  return items.length > 0 ? { root: { t: "items", items }, path: [] } : null;
}
