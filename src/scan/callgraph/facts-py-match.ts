// Python `match` statements: the class patterns and captures each case binds.
import type { Node } from "web-tree-sitter";
import { type Ref, stringLiteral } from "./ref-types.ts";
import { addTo } from "./fact-text.ts";
import { endRowOf, lineOf as line } from "./wasm-node.ts";
import { field } from "./fields.ts";
import { pyKey } from "./refs-py-strings.ts";
import { MAX_ARGS, type PyCtx } from "./facts-py-ctx.ts";
import { madeInFile, topClass } from "./facts-py-classes.ts";
import { narrowings } from "./facts-py-flow.ts";

/**
 * The attribute names a positional class pattern `case C(a, b)` binds, in order: C's literal
 * `__match_args__ = ("x", "y")`, or a `@dataclass` C's annotated fields; C a class at the top of
 * the file holding `at` (null when not found).
 */
function matchArgs(at: Node, name: string, depth = 0, dataclassOnly = false): string[] | null {
  if (!/^[A-Za-z_]\w*$/.test(name) || depth > 4) return null;
  let top: Node = at;
  while (top.parent) top = top.parent;
  for (const stmt of top.namedChildren) {
    const cls = stmt?.type === "decorated_definition" ? field(stmt, "definition") : stmt;
    if (cls?.type !== "class_definition" || field(cls, "name")?.text !== name) continue;
    const dataclass = stmt!.type === "decorated_definition" && stmt!.namedChildren.some((d) => d?.type === "decorator" && /^@\s*(dataclasses\.)?dataclass\b/.test(d.text));
    const fields: string[] = [];
    for (const line of field(cls, "body")?.namedChildren ?? []) {
      const a = line?.type === "expression_statement" ? line.namedChild(0) : null;
      if (a?.type !== "assignment") continue;
      const left = field(a, "left");
      const right = field(a, "right");
      if (left?.text === "__match_args__" && (right?.type === "tuple" || right?.type === "list") && !dataclassOnly) {
        return right.namedChildren.map((k) => (k ? stringLiteral(k) : null) ?? "");
      }
      if (dataclass && left?.type === "identifier" && field(a, "type") && !/ClassVar/.test(field(a, "type")!.text)) fields.push(left.text);
    }
    if (dataclass) {
      // (A dataclass base's fields come first: `class Ext(Base)` of two dataclasses.)
      const b = field(cls, "superclasses")?.namedChildren.find((c) => c?.type === "identifier");
      const inherited = b && b.text !== name ? matchArgs(at, b.text, depth + 1, true) : null;
      return inherited ? [...inherited, ...fields] : fields;
    }
    if (dataclassOnly) return null;
    // Inherited: `class Click(Event)` with Event's `__match_args__` (the first base that has them).
    for (const b of field(cls, "superclasses")?.namedChildren ?? []) {
      const inherited = b?.type === "identifier" && b.text !== name ? matchArgs(at, b.text, depth + 1) : null;
      if (inherited) return inherited;
    }
    return null;
  }
  return null;
}

/**
 * `match v:` — each case pattern binds its capture names to parts of v: `case [f, *rest]` v[0]
 * and v[1:], `case {"k": f}` v["k"], `case C(attr=f)` v.attr, `case C() as c` / `case f` v
 * itself (positional class patterns go through `__match_args__`: not followed).
 */
export function matchCases(match: Node, subject: Ref, ctx: PyCtx): void {
  const scope = ctx.scope(match);
  const body = field(match, "body");
  let count = 0;
  const bind = (name: string, path: string[]): void => {
    if (name === "_" || count++ > MAX_ARGS * 4) return;
    addTo(ctx.facts.bindings, scope, name, { root: subject.root, path: [...subject.path, ...path] });
  };
  const walk = (p: Node, path: string[], depth: number): void => {
    if (depth > 8) return;
    switch (p.type) {
      case "case_pattern":
      case "union_pattern":
        for (const c of p.namedChildren) if (c) walk(c, path, depth + 1);
        return;
      case "dotted_name":
        // A single name captures; `a.b` compares with a value.
        if (p.namedChildCount === 1) bind(p.text, path);
        return;
      case "as_pattern": {
        const kids = p.namedChildren.filter((c): c is Node => c !== null);
        const alias = kids.at(-1);
        if (kids.length >= 2 && alias?.type === "identifier") bind(alias.text, path);
        if (kids[0]) walk(kids[0], path, depth + 1);
        return;
      }
      case "list_pattern":
      case "tuple_pattern": {
        // (`*rest` is a case_pattern holding a splat_pattern)
        const kids = p.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment")
          .map((c) => (c.type === "case_pattern" && c.namedChild(0)?.type === "splat_pattern" ? c.namedChild(0)! : c));
        let afterSplat = false;
        kids.forEach((c, i) => {
          if (c.type === "splat_pattern") {
            const inner = c.namedChild(0);
            const after = kids.length - i - 1;
            if (inner?.type === "identifier") bind(inner.text, [...path, `[${i}:${after > 0 ? -after : ""}]`]);
            afterSplat = true;
          } else walk(c, [...path, afterSplat ? `[${i - kids.length}]` : `[${i}]`], depth + 1);
        });
        return;
      }
      case "dict_pattern": {
        let key: string | null = null;
        for (const c of p.namedChildren) {
          if (!c) continue;
          if (c.type === "splat_pattern") {
            const inner = c.namedChild(0);
            if (inner?.type === "identifier") bind(inner.text, path);
          } else if (c.type === "case_pattern") {
            walk(c, [...path, `[${key ?? "*"}]`], depth + 1);
            key = null;
          } else key = pyKey(c);
        }
        return;
      }
      case "class_pattern": {
        // `case Click(h)`: positional patterns name the attributes in the class's `__match_args__`
        // (a dataclass's: its fields), for a class at the top of this file.
        let positional = 0;
        let names: string[] | null | undefined;
        for (const c of p.namedChildren) {
          const kw = c?.type === "case_pattern" ? c.namedChild(0) : null;
          if (c?.type === "case_pattern" && kw?.type !== "keyword_pattern") {
            const i = positional++;
            names ??= matchArgs(match, p.namedChild(0)?.text ?? "");
            if (names?.[i]) walk(c, [...path, names[i]!], depth + 1);
            continue;
          }
          if (kw?.type !== "keyword_pattern") continue;
          const attr = kw.namedChild(0);
          const value = kw.namedChild(1);
          if (attr?.type === "identifier" && value) walk(value.type === "case_pattern" ? value : kw, [...path, attr.text], depth + 1);
        }
        return;
      }
      case "keyword_pattern": {
        // (the value of `attr=value` when it is not wrapped in a case_pattern)
        const value = p.namedChild(1);
        if (value?.type === "dotted_name" && value.namedChildCount === 1) bind(value.text, path);
        else if (value) walk(value, path, depth + 1);
        return;
      }
    }
  };
  const subjects = match.childrenForFieldName("subject").filter((c): c is Node => c !== null);
  const subjectName = subjects.length === 1 && subjects[0]!.type === "identifier" ? subjects[0]!.text : null;
  for (const clause of body?.namedChildren ?? []) {
    if (clause?.type !== "case_clause") continue;
    const patterns: Node[] = [];
    for (const c of clause.namedChildren) if (c?.type === "case_pattern") { patterns.push(c); walk(c, [], 0); }
    // `case Circle():` (one class pattern, a class at the top of this file) on a subject name.
    const only = patterns.length === 1 && patterns[0]!.namedChildCount === 1 ? patterns[0]!.namedChild(0) : null;
    const clsName = only?.type === "class_pattern" ? only.namedChild(0)?.text : undefined;
    const consequence = clause.childForFieldName("consequence");
    // (Not when the body binds the name again: `shape = Square()` in `case Circle():`.)
    if (subjectName && clsName && consequence && /^[A-Za-z_]\w*$/.test(clsName) && topClass(match, clsName) && narrowings.length < 64 && madeInFile(match, clsName) &&
      !rebinds(consequence.text, subjectName)) {
      const id = only!.namedChild(0)!.namedChild(0);
      const cls = id?.type === "identifier" ? ctx.ref(id, "identifier") : null;
      if (cls) narrowings.push({ scope, name: subjectName, from: line(consequence), to: endRowOf(consequence) + 1, made: { root: { t: "call", callee: cls, sub: true }, path: [] } });
    }
  }
}

/** Whether Python code binds `name` again (`name = ...`, `name += ...`, `name := ...`, `for name in`, `as name`). */
function rebinds(code: string, name: string): boolean {
  return new RegExp(`(?<![\\w.])${name}\\s*(?::[^=\\n]*)?(?:[-+*/%&|^@]|//|\\*\\*|>>|<<|:)?=(?!=)|\\b(?:for|as)\\s+(?:[\\w\\s,(]*[\\s,(])?${name}\\b`).test(code);
}
