// The registry: every extractor the inventory phase runs. A new lockfile format is one folder
// under inventory/ plus one line here (yarn.lock, pnpm-lock.yaml, poetry.lock, uv.lock, Pipfile.lock
// are the planned next entries).
import type { Extractor } from "./extractor.ts";
import { packageLockExtractor } from "./npm/package-lock.ts";
import { requirementsExtractor } from "./pypi/requirements.ts";

export const extractors: readonly Extractor[] = [packageLockExtractor, requirementsExtractor];
