// The one interface every lockfile/manifest extractor implements (osv-scalibr style): a cheap
// path test, then a pure function of the file text. Expected failures (bad JSON, unknown
// lockfile version, a missing include) come back as values in `errors`; exceptions are bugs.
import type { Dependency, FileError, Inventory } from "../model.ts";

export type Unresolved = Inventory["unresolved"][number];

export interface ExtractResult {
  dependencies: Dependency[];
  unresolved: Unresolved[];
  errors: FileError[];
}

/** A file read through the context: its text, or why it could not be read. */
export type ReadResult = { text: string } | { error: string };

export interface ExtractContext {
  /**
   * Reads another file of the checkout ("/"-separated, relative to the root). Refuses paths that
   * leave the checkout (also through symlinks) and files over the size limit.
   */
  readFile(relPath: string): ReadResult;
  /** Names of the subdirectories of a checkout directory ("" = root); symlinks are left out. */
  listDirs(relPath: string): string[];
  /** Whether a regular file exists at the path (no symlinks). */
  exists(relPath: string): boolean;
}

export interface Extractor {
  /** Short stable name, used in errors and statistics: "npm/package-lock", "pypi/requirements". */
  name: string;
  /** Decides from the "/"-separated relative path alone; must be cheap (called for every file). */
  matches(relPath: string): boolean;
  extract(relPath: string, text: string, ctx: ExtractContext): ExtractResult;
}

export function emptyResult(): ExtractResult {
  return { dependencies: [], unresolved: [], errors: [] };
}

export function failed(file: string, message: string): ExtractResult {
  return { dependencies: [], unresolved: [], errors: [{ file, message }] };
}
