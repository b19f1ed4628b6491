// Small helpers both fact extractors (facts.ts for JS/TS, facts-py.ts for Python) build facts with.
import type { Ref } from "./ref-types.ts";

/** Appends `ref` to the list under `key` → `name`, creating both levels on first use. */
export function addTo<K, V = Ref>(map: Map<K, Map<string, V[]>>, key: K, name: string, ref: V): void {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = new Map()));
  const list = inner.get(name);
  if (list) list.push(ref);
  else inner.set(name, [ref]);
}

/** Appends `value` to the list under `key`, creating it on first use. */
export function addToList<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Source text as one short line, for the evidence of dynamic sites. */
export function clip(s: string): string {
  const one = s.replace(/\s+/g, " ");
  return one.length > 80 ? `${one.slice(0, 77)}...` : one;
}
