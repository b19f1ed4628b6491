// The static list of migrations: a folder read at run time would not survive `bun build --compile`.
import type { Migration } from "kysely";
import * as m0001 from "./0001_core.ts";

export const migrations: Record<string, Migration> = {
  "0001_core": m0001,
};
