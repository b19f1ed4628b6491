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

/** `text` holds `word` as a whole identifier. */
export function namesWord(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    const before = i > 0 ? text.charCodeAt(i - 1) : 32;
    const after = i + word.length < text.length ? text.charCodeAt(i + word.length) : 32;
    if (!isWordChar(before) && !isWordChar(after)) return true;
  }
  return false;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
}
