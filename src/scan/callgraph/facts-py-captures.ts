// Python capture handling that needs the shared extraction state: imports, kills of names by later
// imports and definitions, `if TYPE_CHECKING:` blocks.
import { cap, type Caps, has } from "./captures.ts";
import type { Node } from "web-tree-sitter";
import { pyAssignment } from "./facts-py.ts";
import type { PyCtx } from "./facts-py-ctx.ts";
import { pyDeadCode, pyStraight } from "./facts-py-flow.ts";
import { addTo, namesWord } from "./fact-text.ts";
import { lineOf as line } from "./wasm-node.ts";
import { type Ctx, getterRead, text } from "./fact-ctx.ts";
import { PY_STATEMENT_DEFS } from "./fact-defs.ts";
import { bindingFact } from "./fact-bindings.ts";

/** An import statement of a scope's body binds its name unconditionally, as `name = value` does (`kills`). */
function importKill(py: PyCtx, node: Node, scope: number, name: string): void {
  if (pyStraight(node, py.facts, scope, true)) py.statementKills.push({ scope, name, index: py.facts.bindings.get(scope)?.get(name)?.length ?? 0, line: line(node) });
}

/**
 * Python `def f` / `class C` statements of a scope's body (not under `if`, `try`, a loop...) bind
 * their names unconditionally, as `name = value` does: kills (facts-py.ts), so `from os.path
 * import join` then `def join` leaves `join()` below them calling the def only.
 */
export function defKills(py: PyCtx): void {
  const { facts } = py;
  for (const d of facts.defs) {
    if (!PY_STATEMENT_DEFS.has(d)) continue;
    const list = facts.bindings.get(d.parent)?.get(d.name);
    const index = list ? list.findIndex((r) => r.root.t === "def" && r.root.start === d.start) : -1;
    if (index >= 0) py.statementKills.push({ scope: d.parent, name: d.name, index, line: d.line });
  }
}

/**
 * An import in the body of `if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`) never runs: it binds
 * its name for annotations, but loads no module (no import edge, its top-level calls not made).
 */
function typeChecking(node: Node, rebound?: string): boolean {
  for (let at: Node = node, up = node.parent, n = 0; up && n < 6; at = up, up = up.parent, n++) {
    if (up.type === "if_statement") {
      const cond = up.childForFieldName("condition")?.text;
      const yes = (cond === "TYPE_CHECKING" || cond === "typing.TYPE_CHECKING") && up.childForFieldName("consequence")?.id === at.id;
      // (`rebound`: and its `else:` binds that name too, which is what runs.)
      if (!yes || rebound === undefined) return yes;
      const other = up.namedChildren.find((c) => c?.type === "else_clause");
      return other !== undefined && other !== null && namesWord(other.text, rebound);
    }
    if (up.type !== "block" && up.type !== "import_statement" && up.type !== "import_from_statement" && up.type !== "aliased_import" && up.type !== "dotted_name") return false;
  }
  return false;
}

export function pythonFacts(caps: Caps, ctx: Ctx, py: PyCtx): void {
  const { facts } = ctx;
  const importNode = cap(caps, "import");
  if (importNode) {
    const scope = ctx.scope(importNode);
    const at = line(importNode);
    const alias = text(cap(caps, "import.alias"));
    const dotted = text(cap(caps, "import.module"));
    if (dotted !== null) {
      // `import a.b` binds `a` (and runs a, a.b); `import a.b as c` binds c to a.b.
      const bound = alias ?? dotted.split(".")[0]!;
      // An import under `if TYPE_CHECKING:` whose `else:` binds the name again is not what runs:
      // the else's (`imports/type_checking_else_runtime_import`).
      if (typeChecking(importNode, bound)) return;
      importKill(py, importNode, scope, bound);
      addTo(facts.bindings, scope, bound, { root: { t: "module", spec: alias ? dotted : bound }, path: [] });
      if (!typeChecking(importNode)) facts.imports.push({ scope, spec: dotted, line: at, names: [] });
      return;
    }
    const from = cap(caps, "import.from")!.text.replace(/\s+/g, "");
    if (has(caps, "import.wildcard")) {
      if (scope === -1) {
        // (Its line when a statement of the module's own: a later one's names replace an earlier
        // one's and the defs above it, resolve-names.ts.)
        const lines = (facts.starLines ??= []);
        while (lines.length < facts.stars.length) lines.push(0);
        // (Also in the body of a top-level `try` (not its `except`): a module of ours imports there.)
        const up = importNode.parent;
        const own = up?.type === "module" || (up?.type === "block" && up.parent?.type === "try_statement" && up.parent.parent?.type === "module");
        lines.push(own ? at : 0);
        facts.stars.push(from);
      }
      facts.imports.push({ scope, spec: from, line: at, names: [] });
      return;
    }
    const name = text(cap(caps, "import.name"));
    if (name === null || typeChecking(importNode, alias ?? name)) return;
    importKill(py, importNode, scope, alias ?? name);
    addTo(facts.bindings, scope, alias ?? name, { root: { t: "module", spec: from }, path: name.split(".") });
    if (!typeChecking(importNode)) facts.imports.push({ scope, spec: from, line: at, names: [name] });
    return;
  }
  const binding = cap(caps, "binding");
  if (binding) {
    // `name = value` (the one Python binding pattern): its name and value's type are read once.
    const valueNode = cap(caps, "binding.value")!;
    // One that never runs (after a `return`, under `if False:`, facts-py-flow.ts) binds nothing.
    if (pyDeadCode(binding)) return;
    const valueType = valueNode.type;
    const name = cap(caps, "binding.name")!.text;
    pyAssignment(py, binding, name, valueNode, valueType);
    bindingFact(caps, ctx, valueType, name);
    if (valueType === "attribute") getterRead(ctx, valueNode);
  }
}
