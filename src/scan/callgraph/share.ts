// Structural sharing of one file's facts: equal refs, paths, argument lists and parameter lists
// (`require`, `{ name: null, ref: null }`, `path: []`, `this.x`) become one object each. Done in
// the parse worker once extraction is over, so it costs the workers, not the main thread: the
// structured clone keeps shared objects shared, which makes a file's facts smaller to serialise,
// to cache, to deserialise and to hold in the main heap (facts of every file are held at once).
// Only values below the fact records are shared, never the records (a Def, a CallFact), so
// nothing that is told apart by identity merges. Facts are read-only once extracted.
import type { FileFacts } from "./facts.ts";

/** Deeper values are left unshared: refs are built by loops and may nest deeply. */
const MAX_DEPTH = 100;

/** Share equal sub-values of `facts` in place; returns it. */
export function shareFacts(facts: FileFacts): FileFacts {
  const ids = new Map<object, number>();
  const canonical = new Map<string, object>();
  let nextId = 0;
  const idOf = (o: object): number => {
    let id = ids.get(o);
    if (id === undefined) ids.set(o, (id = nextId++));
    return id;
  };
  const part = (v: unknown): string => {
    switch (typeof v) {
      case "string":
        return `s${v.length}:${v}`;
      case "number":
        return `n${v}`;
      case "boolean":
        return v ? "T" : "F";
      case "undefined":
        return "U";
      default:
        return v === null ? "N" : `#${idOf(v as object)}`;
    }
  };
  const share = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== "object") return v;
    // Maps and class instances never occur below the records; left alone if they ever do.
    const proto = Object.getPrototypeOf(v);
    if (depth > MAX_DEPTH || (proto !== Array.prototype && proto !== Object.prototype)) return v;
    let key: string;
    if (Array.isArray(v)) {
      if (v.length === 0) key = "[";
      else {
        key = "[";
        for (let i = 0; i < v.length; i++) {
          const item = share(v[i], depth + 1);
          v[i] = item;
          key += part(item) + ",";
        }
      }
    } else {
      const o = v as Record<string, unknown>;
      key = "{";
      for (const name in o) {
        const item = share(o[name], depth + 1);
        o[name] = item;
        key += name + "=" + part(item) + ",";
      }
    }
    const hit = canonical.get(key);
    if (hit) return hit;
    canonical.set(key, v);
    return v;
  };
  const fields = (record: object): void => {
    const o = record as Record<string, unknown>;
    for (const name of Object.keys(o)) o[name] = share(o[name], 1);
  };
  for (const d of facts.defs) fields(d);
  for (const c of facts.calls) fields(c);
  for (const i of facts.imports) fields(i);
  for (const d of facts.dynamic) fields(d);
  for (const a of facts.objAttrs ?? []) fields(a);
  for (let i = 0; i < facts.cjs.length; i++) facts.cjs[i] = share(facts.cjs[i], 1) as FileFacts["cjs"][number];
  for (const byName of [...facts.bindings.values(), ...facts.attrs.values()]) {
    for (const [name, list] of byName as Map<string, unknown[]>) {
      // The lists stay distinct (one per name and scope); their items are shared.
      for (let i = 0; i < list.length; i++) list[i] = share(list[i], 1);
      byName.set(name, list as never);
    }
  }
  for (const list of [...facts.exports.values(), ...facts.returns.values()]) {
    for (let i = 0; i < list.length; i++) list[i] = share(list[i], 1) as (typeof list)[number];
  }
  return facts;
}
