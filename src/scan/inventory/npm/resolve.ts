// Node's require lookup over install paths relative to the checkout, shared by the lockfile v2
// graph (keys of `packages`) and the installed node_modules tree (folders on disk).

/**
 * From folder `from` ("" = root): `<from>/node_modules/<dep>`, then the same in each enclosing
 * folder that is not itself a node_modules folder, up to the root. Node also looks in a scope
 * folder's node_modules ("node_modules/@s/node_modules"); so does this, to match it.
 */
export function resolveNode(from: string, dep: string, has: (dir: string) => boolean): string | null {
  let base = from;
  for (;;) {
    if (base.slice(base.lastIndexOf("/") + 1) !== "node_modules") {
      const candidate = base === "" ? `node_modules/${dep}` : `${base}/node_modules/${dep}`;
      if (has(candidate)) return candidate;
    }
    if (base === "") return null;
    base = base.slice(0, Math.max(0, base.lastIndexOf("/")));
  }
}
