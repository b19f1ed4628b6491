// The dependency walk every graph-shaped source shares (lockfile graphs, installed node_modules
// trees, site-packages): breadth-first from the declared roots, production declarations first, so
// anything a production root reaches is shipped, what only development roots reach is dev-only,
// `direct` holds for every declared key (even one already reached), and the first visit is the
// shortest chain. Keys live in Maps, so hostile keys such as `__proto__` are plain strings.

export interface WalkRoot<K> {
  key: K;
  dev: boolean;
  /** First element of the chain of everything reached from this root (the project's name). */
  from: string;
}

export interface WalkedPlace {
  chain: string[];
  direct: boolean;
  dev: boolean;
}

export interface WalkGraph<K> {
  /** Declared roots; their keys must exist (callers drop unknown ones). */
  roots: Iterable<WalkRoot<K>>;
  /** Keys a key depends on that exist; a key may appear twice or point back, both are ignored. */
  edges: (key: K) => Iterable<K>;
  /** The package name a key stands for, as it appears in chains. */
  name: (key: K) => string;
  /** No key past this many is followed further (a hostile graph must not cost more than a large real one). */
  limit?: number;
}

// Chains are parent links while walking and arrays only at the end, so a long chain costs its
// length once per package instead of a copy per step.
interface Visit {
  parent: Visit | null;
  name: string;
}

/** Every reached key, in visiting order (production before development). */
export function walkDependencies<K>(graph: WalkGraph<K>): Map<K, WalkedPlace> {
  const limit = graph.limit ?? Number.POSITIVE_INFINITY;
  const roots = [...graph.roots];
  const places = new Map<K, WalkedPlace>();
  const visits = new Map<K, Visit>();
  const rootVisits = new Map<string, Visit>();
  for (const devPass of [false, true]) {
    let frontier: K[] = [];
    for (const root of roots) {
      if (root.dev !== devPass) continue;
      const seen = places.get(root.key);
      if (seen) {
        seen.direct = true;
        continue;
      }
      let parent = rootVisits.get(root.from);
      if (!parent) rootVisits.set(root.from, (parent = { parent: null, name: root.from }));
      visits.set(root.key, { parent, name: graph.name(root.key) });
      places.set(root.key, { chain: [], direct: true, dev: devPass });
      frontier.push(root.key);
    }
    while (frontier.length > 0 && places.size < limit) {
      const next: K[] = [];
      for (const key of frontier) {
        const visit = visits.get(key)!;
        for (const dep of graph.edges(key)) {
          if (places.has(dep)) continue;
          visits.set(dep, { parent: visit, name: graph.name(dep) });
          places.set(dep, { chain: [], direct: false, dev: devPass });
          next.push(dep);
        }
      }
      frontier = next;
    }
  }
  for (const [key, place] of places) {
    const chain: string[] = [];
    for (let v: Visit | null = visits.get(key)!; v; v = v.parent) chain.push(v.name);
    place.chain = chain.reverse();
  }
  return places;
}
