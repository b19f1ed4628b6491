// The names a scope binds, as kept once extraction is over: each name with its value (its one
// Ref, or its Refs when it is bound more than once), in the order extraction bound them. Most
// scopes bind a few names: those are one flat array (name, value, name, value...), read by a
// short scan; a Map per scope with a one-element array per name took ~300 bytes per scope more,
// at 1M lines about 80 MB of the heap at assembly's peak (every file's facts are held at once).
// Scopes with many names (a module's) keep a Map, so reading one stays a hash lookup. Scopes are
// found by index (scope + 1; -1 is the module), not through a Map: a Map entry costs ~130 bytes.
import type { Ref } from "./ref-types.ts";

export type ScopeNames = (string | Ref | Ref[])[] | Map<string, Ref | Ref[]>;

/** Scopes binding more names than this keep a Map. */
const FLAT_MAX = 16;

/** What extraction builds: names by scope, each with every value bound to it. */
export type DraftBindings = Map<number, Map<string, Ref[]>>;

/** At scope + 1: the names that scope binds (undefined: none). */
export type Bindings = (ScopeNames | undefined)[];

/** A name's one value bare, several as their list. */
const one = (refs: Ref | Ref[]): Ref | Ref[] => (Array.isArray(refs) && refs.length === 1 ? refs[0]! : refs);

export function packScope(names: Map<string, Ref | Ref[]>): ScopeNames {
  if (names.size > FLAT_MAX) {
    const map = new Map<string, Ref | Ref[]>();
    for (const [name, refs] of names) map.set(name, one(refs));
    return map;
  }
  const out: (string | Ref | Ref[])[] = [];
  for (const [name, refs] of names) out.push(name, one(refs));
  return out;
}

/** bindingsOf() the packed scopes, with no Map or entry arrays between (it runs once per file in the workers). */
export function packBindings(draft: DraftBindings): Bindings {
  let last = -1;
  for (const scope of draft.keys()) last = Math.max(last, scope);
  const out: Bindings = new Array<ScopeNames | undefined>(last + 2).fill(undefined);
  for (const [scope, names] of draft) out[scope + 1] = packScope(names);
  return out;
}

export function bindingsOf(scopes: Map<number, ScopeNames>): Bindings {
  let last = -1;
  for (const scope of scopes.keys()) last = Math.max(last, scope);
  // Filled first: an array written out of order with gaps may be kept as a sparse map.
  const out: Bindings = new Array<ScopeNames | undefined>(last + 2).fill(undefined);
  for (const [scope, names] of scopes) out[scope + 1] = names;
  return out;
}

/** The names of a scope that binds some, with the scope: for comparing two versions. */
export function* boundScopes(bindings: Bindings): Generator<[number, ScopeNames]> {
  for (let i = 0; i < bindings.length; i++) {
    const names = bindings[i];
    if (names !== undefined) yield [i - 1, names];
  }
}

/** A scope's names with their values as kept (Ref or Ref[]): for comparing two versions. */
export function unpackScope(names: ScopeNames): Map<string, Ref | Ref[]> {
  if (!Array.isArray(names)) return names;
  const out = new Map<string, Ref | Ref[]>();
  for (let i = 0; i < names.length; i += 2) out.set(names[i] as string, names[i + 1] as Ref | Ref[]);
  return out;
}

/** The values bound to `name` in `scope`, or undefined when it binds no such name. */
export function bound(bindings: Bindings, scope: number, name: string): Ref[] | undefined {
  const refs = boundRefs(bindings, scope, name);
  return refs === undefined || Array.isArray(refs) ? refs : [refs];
}

/**
 * bound() as kept: a name's one value bare (no array made: name lookups are the resolver's most
 * common question).
 */
export function boundRefs(bindings: Bindings, scope: number, name: string): Ref | Ref[] | undefined {
  const names = bindings[scope + 1];
  if (!names) return undefined;
  if (!Array.isArray(names)) return names.get(name);
  for (let i = 0; i < names.length; i += 2) if (names[i] === name) return names[i + 1] as Ref | Ref[];
  return undefined;
}

export function binds(bindings: Bindings, scope: number, name: string): boolean {
  const names = bindings[scope + 1];
  if (!names) return false;
  if (!Array.isArray(names)) return names.has(name);
  for (let i = 0; i < names.length; i += 2) if (names[i] === name) return true;
  return false;
}

/** The names `scope` binds, in the order they were bound. */
export function boundNames(bindings: Bindings, scope: number): string[] {
  const names = bindings[scope + 1] ?? [];
  if (!Array.isArray(names)) return [...names.keys()];
  const out: string[] = [];
  for (let i = 0; i < names.length; i += 2) out.push(names[i] as string);
  return out;
}
