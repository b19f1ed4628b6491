// Python names a file mentions beyond its definitions (CapWords, `__all__`, quoted annotations,
// except clauses, class patterns): which classes and functions may be used by name.
import type { FactsDraft } from "./fact-types.ts";

/**
 * A CapWords name (a lower-case letter after the capital): what class names look like; or a
 * single capital, digits allowed (`class A`, `class B2`: benchmark and test classes).
 */
export const CAP_WORD = /\b(?:[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*|[A-Z][0-9]*\b)/g;

/** The names an `__all__` statement lists (the text up to the literal's end). */
const ALL_LIST = /\b__all__\s*(?:\+?=|\.extend\(|\.append\()\s*([^\])]{0,4000})/g;
const QUOTED_NAME = /["']([A-Za-z_]\w*)["']/g;

/** A comment: what follows a `#` that no quote precedes on its line. */
const COMMENT = /^[^'"#\n]*#([^\n]*)/gm;

/** The classes an `except` clause names: `except E`, `except mod.E as e`, `except* (A, B)`. */
const EXCEPT_CLAUSE = /\bexcept\b\*?[ \t]*(\([^)]*\)|[A-Za-z_][\w.]*)/g;

/** `bound=Model` / `bound="Model"`, `Type[Model]` / `type[Model]`, `isinstance(x, Model)` / `issubclass(c, Model)`. */
const TYPING_MENTION = /\bbound\s*=\s*["']?([A-Z]\w*)|\b[Tt]ype\[\s*["']?([A-Z]\w*)|\b(?:isinstance|issubclass)\([\w.]+,\s*([A-Z]\w*)\s*\)/g;

/** The class `super(B, self)` names: the MRO it starts after, no instance of B (`mro/two_arg_super_diamond_stops`). */
/** A `case` line's patterns (up to a guard's `if`): `case Circle() | Square(side=s):`. */
export const CASE_LINE = /^[ \t]*case[ \t]+([^\n]*?)(?:[ \t]if[ \t][^\n]*)?:[ \t]*(?:#[^\n]*)?$/gm;
export const CLASS_PATTERN = /\b([A-Z]\w*)[ \t]*\(/g;
/** `Base.__init__(self)`, `Base.setup(self, x)`: a method called through the class on self. */
const UNBOUND_ON_SELF = /\b([A-Z]\w*)\.\w+\(\s*self\b/g;
const SUPER_CLASS = /\bsuper\(\s*(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)\s*,/g;

/**
 * The CapWords names a file's text holds (code, strings and comments alike: a class named in a
 * settings string or a docstring counts) more often than it defines a class of that name or
 * names one as a base or catches it: `facts.pyUsed`, which tells resolve.ts which classes may be instantiated.
 */
export function pyUsedNames(facts: FactsDraft, text: string): void {
  const counts = new Map<string, number>();
  CAP_WORD.lastIndex = 0;
  for (let m = CAP_WORD.exec(text); m !== null; m = CAP_WORD.exec(text)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  if (counts.size === 0) return;
  const less = (name: string | undefined): void => {
    const n = name === undefined ? undefined : counts.get(name);
    if (n !== undefined) counts.set(name!, n - 1);
  };
  // Catching a class makes none (`except (A, B) as e`): a base only caught is never instantiated.
  EXCEPT_CLAUSE.lastIndex = 0;
  for (let m = EXCEPT_CLAUSE.exec(text); m !== null; m = EXCEPT_CLAUSE.exec(text)) {
    for (const c of m[1]!.matchAll(CAP_WORD)) less(c[0]);
  }
  // Nor does exporting it: `__all__ = ["Handler"]` (also `+=`, `.extend([...])`, `.append("Handler")`).
  ALL_LIST.lastIndex = 0;
  for (let m = ALL_LIST.exec(text); m !== null; m = ALL_LIST.exec(text)) {
    for (const q of m[1]!.matchAll(QUOTED_NAME)) if (q[1]!.match(CAP_WORD)?.[0] === q[1]) less(q[1]);
  }
  // Nor does a comment (a `#` with no quote before it on its line: not in a string; X9's suspicion,
  // `classes/q6_capword_in_comment_not_instantiated`).
  if (text.includes("#")) {
    COMMENT.lastIndex = 0;
    for (let m = COMMENT.exec(text); m !== null; m = COMMENT.exec(text)) {
      for (const c of m[1]!.matchAll(CAP_WORD)) less(c[0]);
    }
  }
  // Nor does naming it as `super(B, self)`'s start.
  SUPER_CLASS.lastIndex = 0;
  for (let m = SUPER_CLASS.exec(text); m !== null; m = SUPER_CLASS.exec(text)) less(m[1]);
  // Nor calling a method through it on self (`Base.__init__(self)` in a subclass's `__init__`:
  // `dunders/p23_base_init_called_explicitly_runs_child_hook`).
  // Nor matching it: `case Square():` makes no Square (`match/class_pattern_subclass_dispatch`).
  // (From the line of the text's first "case": no line before it can match. Most files have none.)
  const firstCase = text.indexOf("case");
  CASE_LINE.lastIndex = firstCase < 0 ? text.length : text.lastIndexOf("\n", firstCase) + 1;
  for (let m = firstCase < 0 ? null : CASE_LINE.exec(text); m !== null; m = CASE_LINE.exec(text)) {
    for (const c of m[1]!.matchAll(CLASS_PATTERN)) less(c[1]);
  }
  UNBOUND_ON_SELF.lastIndex = 0;
  for (let m = UNBOUND_ON_SELF.exec(text); m !== null; m = UNBOUND_ON_SELF.exec(text)) less(m[1]);
  // Nor typing's mentions: a TypeVar's `bound=Model`, `Type[Model]` / `type[Model]`, and
  // `isinstance(x, Model)` / `issubclass(c, Model)` (`classes/typevar_bound_factory_type_param`).
  TYPING_MENTION.lastIndex = 0;
  for (let m = TYPING_MENTION.exec(text); m !== null; m = TYPING_MENTION.exec(text)) less(m[1] ?? m[2] ?? m[3]);
  // `from .base import Handler` (not renamed) makes none either: the importer names it again to use it.
  for (const names of facts.bindings.values()) {
    for (const [name, refs] of names) {
      for (const r of refs) if (r.root.t === "module" && r.path.length === 1 && r.path[0] === name) less(name);
    }
  }
  for (const d of facts.defs) {
    if (d.kind !== "class") continue;
    less(d.name);
    for (const b of d.bases) less(b.path.length > 0 ? b.path.at(-1) : b.root.t === "name" ? b.root.name : undefined);
  }
  const used: string[] = [];
  for (const [name, n] of counts) if (n > 0) used.push(name);
  facts.pyUsed = used;
}
