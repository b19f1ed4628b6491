// The registry: every extractor the inventory phase runs. A new lockfile format is one module
// under npm/ or pypi/ plus one line here.
import type { Extractor } from "./extractor.ts";
import { bunLockbExtractor, bunLockExtractor } from "./npm/bun-lock.ts";
import { npmInstalledExtractor } from "./npm/installed.ts";
import { npmManifestExtractor } from "./npm/manifest.ts";
import { packageLockExtractor } from "./npm/package-lock.ts";
import { pnpmExtractor } from "./npm/pnpm.ts";
import { yarnExtractor } from "./npm/yarn.ts";
import { pdmExtractor } from "./pypi/pdm.ts";
import { pipfileLockExtractor } from "./pypi/pipfile-lock.ts";
import { poetryExtractor } from "./pypi/poetry.ts";
import { pylockExtractor } from "./pypi/pylock.ts";
import { pyprojectExtractor } from "./pypi/pyproject.ts";
import { requirementsExtractor } from "./pypi/requirements.ts";
import { setupExtractor } from "./pypi/setup.ts";
import { sitePackagesExtractor } from "./pypi/site-packages.ts";
import { uvExtractor } from "./pypi/uv.ts";

export const extractors: readonly Extractor[] = [
  packageLockExtractor,
  yarnExtractor,
  pnpmExtractor,
  bunLockExtractor,
  bunLockbExtractor,
  npmManifestExtractor,
  npmInstalledExtractor,
  requirementsExtractor,
  poetryExtractor,
  pipfileLockExtractor,
  uvExtractor,
  pdmExtractor,
  pylockExtractor,
  pyprojectExtractor,
  setupExtractor,
  sitePackagesExtractor,
];
