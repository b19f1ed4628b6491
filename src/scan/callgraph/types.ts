// The project call graph: plain data produced by buildProjectGraph() and read by the reach phase
// and the JSON renderer. Node ids are stable strings ("src/app.js#main", "src/app.js#<module>")
// so graphs can be compared in golden files. All paths are relative to the project root and
// "/"-separated.
import type { Ecosystem } from "../model.ts";

export type SourceLanguage = "javascript" | "typescript" | "python";

export interface GraphFile {
  path: string;
  language: SourceLanguage;
  /** Set when the file could not be analysed (or only partly: syntax errors). Makes reach `unknown`. */
  error?: string;
}

/** module = the file's top-level code (runs when imported); main = Python `if __name__ == "__main__":`. */
export type NodeKind = "module" | "main" | "function" | "method" | "class";

export interface GraphNode {
  id: string;
  file: string;
  line: number;
  kind: NodeKind;
  /** Qualified name within the file ("Service.start", "<module>", "__main__"). */
  name: string;
}

/** `from` calls (or imports, which runs) `to` at `line` of from's file. */
export interface GraphEdge {
  from: string;
  to: string;
  line: number;
  /** ref: a function value handed to our own code, which is followed there (reach follows it too). */
  kind: "call" | "import" | "ref";
}

/** A use of code outside the checkout (a package), found in node `from`. */
export interface ExternalUse {
  from: string;
  line: number;
  ecosystem: Ecosystem;
  /** Import specifier / module as written: "lodash", "lodash/template", "PIL.ImageMath", "yaml". */
  module: string;
  /** Members accessed on it: ["template"] for `_.template(...)`. */
  member: string[];
  /** call (incl. `new`), ref (function value handed to other code), import (loading runs it). */
  kind: "call" | "ref" | "import";
}

/** A construct whose target cannot be known statically: `require(name)`, `__import__(x)`. */
export interface DynamicSite {
  from: string;
  line: number;
  ecosystem: Ecosystem;
  text: string;
  /**
   * What is dynamic: a module load (default), code run from a string, a computed attribute, or a
   * call with more possible callees (or callbacks) than assembly follows (resolve.ts MAX_VALUES).
   */
  kind?: DynamicKind;
  /**
   * A computed attribute of an object of ours with a closed set of members (a module, an object
   * literal, a class): the nodes of those members, all the call can reach.
   */
  targets?: string[];
}

export type DynamicKind = "import" | "eval" | "attribute" | "capped";

/** A relative import naming a file that is not in the checkout. */
export interface UnresolvedImport {
  from: string;
  line: number;
  ecosystem: Ecosystem;
  specifier: string;
}

export interface EntryPoint {
  file: string;
  /** "main" | "bin" | "exports" | "__main__" | "entry" (operator glob) | "default" fallbacks. */
  kind: string;
  /** First path segment: "<file>:<kind>". */
  label: string;
  /** Graph nodes that run when the program starts here. */
  nodes: string[];
  /** Why this is an entry point, for humans. */
  reason: string;
}

/** A dependency whose code is in the checkout (node_modules, vendored) and was analysed. */
export interface DependencyCode {
  name: string;
  ecosystem: Ecosystem;
  /** Its directory, relative to the root. */
  dir: string;
  files: number;
  /** False when a limit stopped the analysis of its code. */
  complete: boolean;
}

export interface ProjectGraph {
  /** Dependency code analysed (only packages the app's code reaches); absent: none. */
  dependencies?: DependencyCode[];
  /** Limits hit while analysing dependency code: why a transitive answer may be missing. */
  limits?: string[];
  files: GraphFile[];
  nodes: GraphNode[];
  edges: GraphEdge[];
  uses: ExternalUse[];
  dynamic: DynamicSite[];
  unresolved: UnresolvedImport[];
  entries: EntryPoint[];
}

export function ecosystemOf(language: SourceLanguage): Ecosystem {
  return language === "python" ? "PyPI" : "npm";
}
