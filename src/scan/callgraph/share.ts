// Structural sharing of one file's facts: equal refs, paths, argument lists and parameter lists
// (`require`, `{ name: null, ref: null }`, `path: []`, `this.x`) become one object each. Done in
// the parse worker once extraction is over, so it costs the workers, not the main thread: the
// structured clone keeps shared objects shared, which makes a file's facts smaller to serialise,
// to cache, to deserialise and to hold in the main heap (facts of every file are held at once).
// Only values below the fact records are shared, never the records (a Def, a CallFact), so
// nothing that is told apart by identity merges. Facts are read-only once extracted.
import { packBindings } from "./bound.ts";
import type { FactsDraft, FileFacts } from "./facts.ts";

/** Deeper values are left unshared: refs are built by loops and may nest deeply. */
const MAX_DEPTH = 100;

/** A node of the trie of property-name sequences: equal sequences (same names, same order) share an id. */
interface Shape {
  id: number;
  next: Map<string, Shape>;
}

const mix = (h: number, v: number): number => Math.imul(h ^ v, 0x9e3779b1) ^ (h >>> 15);

/** Share equal sub-values of `facts` in place; returns them with their bindings packed (bound.ts). */
export function shareFacts(facts: FactsDraft): FileFacts {
  // Hash-consing: a value's hash mixes its shape and its items' hashes; items are shared first, so
  // two values are equal when their shapes are and every item is the same (===). No key strings.
  const hashes = new Map<object, number>(); // canonical values (and unshared objects) → hash
  const shapes = new Map<object, number>(); // canonical objects → shape id
  const first = new Map<number, object>(); // hash → the first canonical value with it
  const more = new Map<number, object[]>(); // hash → the others (hash collisions of unequal values)
  const strings = new Map<string, number>();
  const shapeRoot: Shape = { id: 0, next: new Map() };
  let nextId = 1;
  const hashOf = (v: unknown): number => {
    switch (typeof v) {
      case "string": {
        let h = strings.get(v);
        if (h === undefined) strings.set(v, (h = mix(1, nextId++)));
        return h;
      }
      case "number":
        return mix(2, (v | 0) ^ Math.imul(Math.trunc(v / 4294967296), 31));
      case "boolean":
        return v ? 3 : 4;
      case "undefined":
        return 5;
      default: {
        if (v === null) return 6;
        let h = hashes.get(v as object);
        if (h === undefined) hashes.set(v as object, (h = mix(7, nextId++)));
        return h;
      }
    }
  };
  const same = (v: object, shape: number, b: object): boolean =>
    shape < 0 ? sameArray(v as unknown[], b) : sameObject(v as Record<string, unknown>, shape, b);
  const sameArray = (a: unknown[], b: unknown): boolean => {
    if (!Array.isArray(b) || b.length !== a.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  const sameObject = (o: Record<string, unknown>, shape: number, b: unknown): boolean => {
    if (shapes.get(b as object) !== shape) return false;
    const other = b as Record<string, unknown>;
    for (const name in o) if (o[name] !== other[name]) return false;
    return true;
  };
  const share = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== "object") return v;
    // Maps and class instances never occur below the records; left alone if they ever do.
    const proto = Object.getPrototypeOf(v);
    if (depth > MAX_DEPTH || (proto !== Array.prototype && proto !== Object.prototype)) return v;
    let h: number;
    let shape = -1;
    if (Array.isArray(v)) {
      h = mix(8, v.length);
      for (let i = 0; i < v.length; i++) {
        const item = share(v[i], depth + 1);
        v[i] = item;
        h = mix(h, hashOf(item));
      }
    } else {
      const o = v as Record<string, unknown>;
      let node = shapeRoot;
      h = 9;
      for (const name in o) {
        const item = share(o[name], depth + 1);
        o[name] = item;
        let next = node.next.get(name);
        if (!next) node.next.set(name, (next = { id: nextId++, next: new Map() }));
        node = next;
        h = mix(h, hashOf(item));
      }
      shape = node.id;
      h = mix(h, shape);
    }
    const hit = first.get(h);
    if (hit === undefined) first.set(h, v);
    else {
      if (same(v, shape, hit)) return hit;
      const others = more.get(h);
      for (const other of others ?? []) if (same(v, shape, other)) return other;
      if (others) others.push(v);
      else more.set(h, [v]);
    }
    hashes.set(v, h);
    shapes.set(v, shape);
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
  return { ...facts, bindings: packBindings(facts.bindings) };
}
