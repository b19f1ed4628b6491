// Package names from npm lockfile keys and alias specs.

/**
 * Splits a v2/v3 `packages` key into the folder that owns it ("" for the root, "packages/a" for a
 * workspace) and the chain of package names under node_modules: "node_modules/a/node_modules/@s/b"
 * → { owner: "", names: ["a", "@s/b"] }. Returns null for keys that are not under node_modules.
 */
export function splitLockKey(key: string): { owner: string; names: string[] } | null {
  const parts = key.split("/");
  const first = parts.indexOf("node_modules");
  if (first < 0) return null;
  const names: string[] = [];
  let i = first;
  while (i < parts.length) {
    if (parts[i] !== "node_modules") return null;
    const a = parts[i + 1];
    if (!a) return null;
    if (a.startsWith("@")) {
      const b = parts[i + 2];
      if (!b) return null;
      names.push(`${a}/${b}`);
      i += 3;
    } else {
      names.push(a);
      i += 2;
    }
  }
  return { owner: parts.slice(0, first).join("/"), names };
}

/** "npm:real-name@1.2.3" (an alias install) → { name: "real-name", version: "1.2.3" }. */
export function parseAlias(spec: string): { name: string; version: string } | null {
  if (!spec.startsWith("npm:")) return null;
  const rest = spec.slice(4);
  const at = rest.lastIndexOf("@");
  if (at <= 0) return null;
  return { name: rest.slice(0, at), version: rest.slice(at + 1) };
}

/** Declared dependency names of a package.json-shaped object, in the four maps npm installs from. */
export function declaredNames(pkg: Record<string, unknown>, withDev: boolean): string[] {
  const maps = ["dependencies", "optionalDependencies", "peerDependencies"];
  if (withDev) maps.push("devDependencies");
  const out = new Set<string>();
  for (const m of maps) {
    const v = pkg[m];
    if (typeof v === "object" && v !== null && !Array.isArray(v)) for (const k of Object.keys(v)) out.add(k);
  }
  return [...out];
}
