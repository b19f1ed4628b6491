// Plain data passed between the scan phases (sources → inventory → advisories → callgraph →
// reach → report). Phases import these types and nothing of each other's internals, so each
// phase can be tested alone from fixtures.

export type Ecosystem = "npm" | "PyPI";

export const SEVERITIES = ["critical", "high", "medium", "low"] as const;
export type ThresholdSeverity = (typeof SEVERITIES)[number];
export type Severity = ThresholdSeverity | "unknown";

/** One resolved package version found in a lockfile or manifest of the checkout. */
export interface Dependency {
  ecosystem: Ecosystem;
  /** As written in the lockfile (npm names are case-sensitive; PyPI names are compared normalised). */
  name: string;
  version: string;
  /** Declared by its project itself (the root, or its workspace), not only pulled in by another package. */
  direct: boolean;
  /** Only needed for development (devDependencies, dev groups): never reachable from production entry points. */
  dev: boolean;
  /** Names from the root project to this package, root first: ["app", "express", "qs"]. */
  chain: string[];
  /** Lockfile path relative to the checkout root, "/"-separated. */
  source: string;
  /**
   * The folder of the workspace this copy belongs to ("packages/web", "" = root), when workspaces
   * share a lockfile in another folder; absent: the project is the source's folder.
   */
  project?: string;
  /**
   * How the version was decided: pinned by a lockfile (the default when absent), the lowest
   * version a manifest range allows (no lockfile: a guess, marked as such), or read from an
   * installed tree (node_modules, site-packages) in the checkout.
   */
  resolution?: "locked" | "lowest-match" | "installed";
}

/** An expected per-file failure: recorded in the scan, never the end of the scan. */
export interface FileError {
  file: string;
  message: string;
}

export interface Inventory {
  dependencies: Dependency[];
  errors: FileError[];
  /** Lines that name a package without an exact version (e.g. `flask>=2` in requirements.txt). */
  unresolved: { file: string; line: number; text: string }[];
}

/** Module path and the symbols of it through which a flaw is reached (OSV `ecosystem_specific.imports`). */
export interface VulnerableImport {
  /** Import path: "lodash", "lodash/template", "yaml", "PIL.ImageMath". */
  path: string;
  /** Exported functions/classes/methods; empty = any use of `path`. Methods as "Class.method". */
  symbols: string[];
}

/** One advisory matched to one installed dependency. */
export interface AdvisoryMatch {
  advisoryId: string;
  cveId: string | null;
  aliases: string[];
  summary: string;
  severity: Severity;
  cvssScore: number | null;
  dependency: Dependency;
  /** Lowest fixed version above the installed one in the range that matched, or null. */
  fixVersion: string | null;
  /** Empty when the advisory names no symbols: any use of the package counts. */
  imports: VulnerableImport[];
}

export type ReachLevel = "function" | "package" | "transitive" | "unknown" | "none";

export const LEVEL_SCORE: Record<ReachLevel, number> = {
  function: 1.0,
  package: 0.9,
  transitive: 0.8,
  unknown: 0.5,
  none: 0.1,
};

/** What the reach phase needs to know about one vulnerable package. */
export interface ReachTarget {
  ecosystem: Ecosystem;
  package: string;
  imports: VulnerableImport[];
  /** The installed dependency: `direct`, `dev` and `chain` decide transitive/none/unknown. */
  dependency: Dependency;
  /**
   * Monorepos: the folder of the project declaring this copy, and the other project folders that
   * declare the same package; uses from files nearer to one of those are theirs, not this copy's.
   * Absent: every use counts.
   */
  project?: {
    dir: string;
    others: string[];
    /** A workspace's own copy: only files under `dir` use it. */
    own?: boolean;
    /** Folders of workspaces the dependency comes in through (linkedWorkspaces): their files use this copy too. */
    linked?: string[];
  };
}

/** The reach phase's answer for one target. */
export interface ReachResult {
  level: ReachLevel;
  /** Why the level is `unknown` or `none`, or which construct made it reachable; null when obvious. */
  reason: string | null;
  /** The vulnerable symbols actually reached ("lodash.template"); empty at package level. */
  symbols: string[];
  /**
   * Up to 5 distinct paths, shortest first. Each is a list of segments:
   * first the entry ("src/server.js:main" or "src/app.py:__main__"), then "file:line" call sites,
   * last the package or package.symbol ("lodash.template").
   */
  paths: string[][];
}

export interface Threshold {
  severity: ThresholdSeverity;
  reachable_only: boolean;
}

export type Verdict = "pass" | "warning" | "block";
