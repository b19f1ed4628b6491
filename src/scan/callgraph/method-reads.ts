// Where a Python method may be read: every `x.name` of a project's refs, with the receiver x and
// the scope it is read in (resolve-roots.ts sitedSelf reads `self` of a method from them).
import { boundScopes, unpackScope } from "./bound.ts";
import type { Ref } from "./ref-types.ts";
import type { FileInfo } from "./value-types.ts";

/** A read of `recv.name` (a call or a value) in `scope` of `fi`. */
export interface MethodRead {
  fi: FileInfo;
  scope: number;
  recv: Ref;
}

/** Reads kept per name: beyond it the name's method is read too often to follow (the rule does not fire). */
export const MAX_METHOD_READS = 16;
/** Ref nodes walked per top-level ref: a deeper one (generated or hostile code) turns the index off. */
const MAX_WALK = 4096;

/**
 * Every name the Python files read (a name, a member in a ref's path, an imported name, `__all__`),
 * among `names`; null when some ref is too deep to walk.
 */
export function namesRead(files: ReadonlyMap<string, FileInfo>, names: ReadonlySet<string>): Set<string> | null {
  const out = new Set<string>();
  const reads = methodReads(files.values(), names, out);
  if (reads === null) return null;
  for (const name of reads.keys()) out.add(name);
  for (const fi of files.values()) {
    if (fi.facts.language !== "python") continue;
    for (const m of fi.facts.imports) for (const n of m.names) out.add(n);
    for (const n of fi.facts.allNames ?? []) out.add(n);
  }
  return out;
}

/**
 * The reads of each name among `names` in the Python files' refs (calls and their arguments,
 * bindings, returns, attributes, outside attributes, parameter defaults); a name read more than
 * MAX_METHOD_READS times maps to null. Null when some ref is too deep to walk.
 */
export function methodReads(files: Iterable<FileInfo>, names: ReadonlySet<string>, roots?: Set<string>): Map<string, MethodRead[] | null> | null {
  const out = new Map<string, MethodRead[] | null>();
  let fi: FileInfo;
  let ok = true;
  const stack: { ref: Ref; scope: number }[] = [];
  const walk = (top: Ref, topScope: number): void => {
    stack.length = 0;
    stack.push({ ref: top, scope: topScope });
    let n = 0;
    while (stack.length > 0) {
      if (++n > MAX_WALK) {
        ok = false;
        return;
      }
      const { ref, scope } = stack.pop()!;
      const path = ref.path;
      for (let i = 0; i < path.length; i++) {
        const name = path[i]!;
        if (!names.has(name)) continue;
        let list = out.get(name);
        if (list === null) continue;
        if (list === undefined) out.set(name, (list = []));
        if (list.length >= MAX_METHOD_READS) out.set(name, null);
        else list.push({ fi, scope, recv: { root: ref.root, path: path.slice(0, i) } });
      }
      const r = ref.root;
      // (`roots`: the names read as such too, namesRead().)
      if (roots && (r.t === "name" || r.t === "prior") && names.has(r.name)) roots.add(r.name);
      switch (r.t) {
        case "call":
          stack.push({ ref: r.callee, scope });
          if (r.or) stack.push({ ref: r.or, scope });
          for (const a of r.args ?? []) if (a.ref) stack.push({ ref: a.ref, scope });
          break;
        case "new":
          stack.push({ ref: r.callee, scope });
          for (const a of r.args ?? []) if (a.ref) stack.push({ ref: a.ref, scope });
          break;
        case "union":
          for (const x of r.refs) stack.push({ ref: x, scope });
          break;
        case "items":
          for (const x of r.items) stack.push({ ref: x.ref, scope });
          break;
        case "subclasses":
          stack.push({ ref: r.of, scope });
          break;
        case "scoped":
          stack.push({ ref: r.ref, scope: r.scope });
          break;
        case "param":
          if (r.default) stack.push({ ref: r.default, scope });
          break;
      }
    }
  };
  for (fi of files) {
    const facts = fi.facts;
    if (facts.language !== "python") continue;
    for (const c of facts.calls) {
      walk(c.ref, c.scope);
      for (const a of c.args ?? []) if (a.ref) walk(a.ref, c.scope);
    }
    for (const [scope, packed] of boundScopes(facts.bindings)) {
      for (const refs of unpackScope(packed).values()) for (const r of Array.isArray(refs) ? refs : [refs]) walk(r, scope);
    }
    for (const [def, refs] of facts.returns) for (const r of refs) walk(r, def);
    for (const byName of facts.attrs.values()) for (const list of byName.values()) for (const s of list) walk(s.ref, s.scope);
    for (const o of facts.objAttrs ?? []) {
      walk(o.obj, o.scope);
      walk(o.value, o.scope);
    }
    facts.defs.forEach((d, i) => {
      for (const b of d.bases) walk(b, d.parent);
      if (d.meta) walk(d.meta, d.parent);
      if (d.delegates) walk(d.delegates, i);
      for (const p of d.params ?? []) {
        if (p.dflt) walk(p.dflt, d.parent);
        if (p.memberDefault) walk(p.memberDefault, d.parent);
      }
    });
    if (!ok) return null;
  }
  return out;
}
