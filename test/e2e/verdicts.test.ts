// End-to-end verdicts on realistic applications: one hundred and eighty-five fixture apps (test/fixtures/apps/<name>/, each
// committed into a fresh git repository) are connected as `local` repositories of the real server
// and scanned through the API with the embedded advisory data only (bundled records + curated
// symbols; nothing is imported). Every app has a vulnerable function reached through several
// hops, a vulnerable package used only by tests, and one used but not through its vulnerable
// symbols; some have a dynamic construct on the path. Each finding's level, score, symbols and
// call paths (or reason) are asserted exactly: the line numbers are real call sites, checked by
// hand against the fixture sources.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { api, cleanup, cli, startServer, tempDir, waitForScan, type Server } from "../support/server.ts";
import { makeRepo } from "../support/git.ts";

const APPS = resolve(import.meta.dir, "../fixtures/apps");

/** The score each level carries (contract). */
const SCORES: Record<string, number> = { function: 1, package: 0.9, transitive: 0.8, unknown: 0.5, none: 0.1 };

interface Row {
  id: string;
  pkg: string;
  version: string;
  severity: string;
  cvss: number | null;
  level: "function" | "package" | "transitive" | "unknown" | "none";
  symbols?: string[];
  /** Every call path, in the order the API gives them (shortest first). */
  paths?: string[];
  reason?: string;
}

interface AppExpectation {
  verdict: "block" | "warning" | "pass";
  total: number;
  reachable: number;
  /** In the API's risk order. */
  findings: Row[];
}

const EXPECTED: Record<string, AppExpectation> = {
  "celery-reports": {
    verdict: "block", total: 6, reachable: 3,
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["reports/tasks.py:task -> reports/tasks.py:6 -> reports/tasks.py:9 -> reports/fetch.py:10 -> requests.get"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["reports/tasks.py:task -> reports/tasks.py:3 -> reports/render.py:4 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["reports/tasks.py:task -> reports/tasks.py:3 -> reports/render.py:4 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_tasks.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (reports/render.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (reports/fetch.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "chat-relay": {
    verdict: "block", total: 5, reachable: 3,
    // socket.io handlers registered per connection; tar is reached only in a worker thread the
    // entry starts (`new Worker(new URL("./workers/restore.js", import.meta.url))`), which loads that file.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/index.js:main -> src/index.js:13 -> src/chat/handlers.js:11 -> src/chat/handlers.js:15 -> src/render/markdown.js:6 -> src/render/markdown.js:10 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/index.js:main -> src/index.js:13 -> src/chat/handlers.js:11 -> src/chat/handlers.js:15 -> src/render/markdown.js:6 -> src/render/markdown.js:10 -> marked.parse"]},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "function", "symbols": ["tar.x"], "paths": ["src/index.js:main -> src/index.js:10 -> src/workers/restore.js:4 -> src/workers/restore.js:5 -> src/lib/archives.js:8 -> src/lib/archives.js:13 -> tar.x"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/relay.test.js:3)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/lib/versions.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "dbsnap-cli": {
    verdict: "block", total: 6, reachable: 2,
    // Click is handed the command at each of its three decorators (package callbacks are assumed called).
    findings: [
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["src/dbsnap/cli.py:script -> src/dbsnap/cli.py:15 -> src/dbsnap/commands/report.py:9 -> src/dbsnap/commands/report.py:14 -> src/dbsnap/reporting/html.py:12 -> jinja2.Environment.from_string", "src/dbsnap/cli.py:script -> src/dbsnap/cli.py:15 -> src/dbsnap/commands/report.py:10 -> src/dbsnap/commands/report.py:14 -> src/dbsnap/reporting/html.py:12 -> jinja2.Environment.from_string", "src/dbsnap/cli.py:script -> src/dbsnap/cli.py:15 -> src/dbsnap/commands/report.py:11 -> src/dbsnap/commands/report.py:14 -> src/dbsnap/reporting/html.py:12 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["src/dbsnap/cli.py:script -> src/dbsnap/cli.py:15 -> src/dbsnap/commands/report.py:9 -> src/dbsnap/commands/report.py:14 -> src/dbsnap/reporting/html.py:12 -> jinja2.Environment.from_string", "src/dbsnap/cli.py:script -> src/dbsnap/cli.py:15 -> src/dbsnap/commands/report.py:10 -> src/dbsnap/commands/report.py:14 -> src/dbsnap/reporting/html.py:12 -> jinja2.Environment.from_string", "src/dbsnap/cli.py:script -> src/dbsnap/cli.py:15 -> src/dbsnap/commands/report.py:11 -> src/dbsnap/commands/report.py:14 -> src/dbsnap/reporting/html.py:12 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (src/dbsnap/config.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_cli.py:4)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (src/dbsnap/reporting/html.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_cli.py:4)"},
    ],
  },
  "django-intake": {
    verdict: "block", total: 8, reachable: 3,
    // Wired by strings: a DRF ViewSet registered on a router (views), an AppConfig.ready() of INSTALLED_APPS
    // importing signal receivers (Image.open), a management command's Command.handle() (requests.get).
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["documents/views.py:views -> documents/views.py:15 -> documents/metadata.py:8 -> yaml.FullLoader", "documents/views.py:views -> documents/views.py:15 -> documents/metadata.py:8 -> yaml.load"]},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["documents/apps.py:apps -> documents/apps.py:9 -> documents/signals.py:8 -> documents/signals.py:11 -> documents/thumbnails.py:10 -> documents/thumbnails.py:17 -> PIL.Image.open"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["documents/management/commands/sync_remote.py:command -> documents/management/commands/sync_remote.py:14 -> documents/remote.py:9 -> documents/remote.py:12 -> requests.get"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_thumbnails.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (documents/thumbnails.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_thumbnails.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (documents/remote.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_thumbnails.py:1)"},
    ],
  },
  "django-forum": {
    verdict: "block", total: 6, reachable: 3,
    findings: [
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["boards/views.py:views -> boards/views.py:26 -> boards/rendering.py:15 -> boards/rendering.py:11 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["boards/views.py:views -> boards/views.py:26 -> boards/rendering.py:15 -> boards/rendering.py:11 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["boards/views.py:views -> boards/views.py:26 -> boards/rendering.py:15 -> boards/rendering.py:11 -> bleach.clean"]},
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "none", "reason": "PyJWT is used by reachable code (boards/auth.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (boards/tests/test_views.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (boards/tests/test_views.py:1)"},
    ],
  },
  "express-shop": {
    verdict: "block", total: 7, reachable: 1,
    findings: [
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/server.js:main -> src/server.js:10 -> src/routes/orders.js:7 -> src/services/receipt.js:18 -> src/services/receipt.js:11 -> lodash.template"]},
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used only by code that no entry point reaches (src/legacy/invoice-pdf.js:2)"},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used only by code that no entry point reaches (src/legacy/invoice-pdf.js:2)"},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/orders.js:3)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/services/receipt.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/services/receipt.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "js-yaml is used by reachable code (src/lib/export.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "edge-renderer": {
    verdict: "block", total: 4, reachable: 2,
    // A Cloudflare Worker: no package.json main, the wrangler.toml `main` (src/worker.ts) is the entry, its default export's fetch() runs.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/worker.ts:main -> src/worker.ts:14 -> src/routes/preview.ts:6 -> src/lib/markdown.ts:6 -> src/lib/markdown.ts:10 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/worker.ts:main -> src/worker.ts:14 -> src/routes/preview.ts:6 -> src/lib/markdown.ts:6 -> src/lib/markdown.ts:10 -> marked.parse"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/markdown.test.ts:2)"},
      {"id": "GHSA-pxg6-pf52-xh8x", "pkg": "cookie", "version": "0.6.0", "severity": "low", "cvss": null, "level": "none", "reason": "cookie is used by reachable code (src/session.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "express-reports": {
    verdict: "block", total: 8, reachable: 2,
    // Router modules mounted by `app.use("/api", require("./routes"))` and `router.use(path, [mw], require("./reports"))`;
    // a controller given its service through the constructor (`module.exports = Class` on both sides); a ws message handler.
    findings: [
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/app.js:main -> src/app.js:8 -> src/routes/index.js:6 -> src/routes/reports.js:8 -> src/controllers/report-controller.js:7 -> src/services/report-service.js:7 -> src/services/report-service.js:12 -> lodash.template"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/app.js:main -> src/app.js:12 -> src/app.js:13 -> src/socket.js:4 -> src/socket.js:9 -> js-yaml.load"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/reports.test.js:3)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/services/report-service.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/middleware/auth.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/services/report-service.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/middleware/auth.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/middleware/auth.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "fastapi-thumbs": {
    verdict: "block", total: 9, reachable: 1,
    findings: [
      {"id": "PYSEC-2022-10", "pkg": "pillow", "version": "8.4.0", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["PIL.ImageMath.eval"], "paths": ["app/main.py:server -> app/main.py:3 -> app/routers/thumbs.py:8 -> app/routers/thumbs.py:11 -> app/imaging/pipeline.py:14 -> PIL.ImageMath.eval"]},
      {"id": "PYSEC-2022-8", "pkg": "pillow", "version": "8.4.0", "severity": "critical", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (app/imaging/pipeline.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-9", "pkg": "pillow", "version": "8.4.0", "severity": "critical", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (app/imaging/pipeline.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-168", "pkg": "pillow", "version": "8.4.0", "severity": "critical", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (app/imaging/pipeline.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_api.py:1)"},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "8.4.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (app/imaging/pipeline.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "8.4.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (app/imaging/pipeline.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_api.py:1)"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_api.py:1)"},
    ],
  },
  "fastify-catalog": {
    verdict: "block", total: 6, reachable: 4,
    // Fastify plugins: a hook added by a fastify-plugin-wrapped plugin (verify), `fastify.route({ handler })` in a registered one (yaml load).
    findings: [
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/server.js:main -> src/server.js:3 -> src/plugins/auth.js:11 -> src/plugins/auth.js:6 -> src/plugins/auth.js:7 -> src/lib/tokens.js:5 -> src/lib/tokens.js:9 -> jsonwebtoken.verify"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/server.js:main -> src/server.js:11 -> src/routes/catalog.js:16 -> src/routes/catalog.js:11 -> src/services/import-service.js:14 -> src/services/import-service.js:10 -> js-yaml.load"]},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/server.js:main -> src/server.js:3 -> src/plugins/auth.js:11 -> src/plugins/auth.js:6 -> src/plugins/auth.js:7 -> src/lib/tokens.js:5 -> src/lib/tokens.js:9 -> jsonwebtoken.verify"]},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/server.js:main -> src/server.js:3 -> src/plugins/auth.js:11 -> src/plugins/auth.js:6 -> src/plugins/auth.js:7 -> src/lib/tokens.js:5 -> src/lib/tokens.js:9 -> jsonwebtoken.verify"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/catalog.test.js:3)"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.21", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/config.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "fastify-uploads": {
    verdict: "block", total: 6, reachable: 2,
    // ESM (`"type": "module"`) Fastify: plugins registered as `app.register(import("./routes/uploads.js"), { prefix })` (top-level await); a fastify-plugin-wrapped config plugin.
    findings: [
      {"id": "GHSA-jg8v-48h5-wgxg", "pkg": "jszip", "version": "3.6.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jszip.loadAsync"], "paths": ["src/server.js:main -> src/server.js:8 -> src/routes/uploads.js:4 -> src/routes/uploads.js:5 -> src/lib/archive.js:5 -> jszip.loadAsync"]},
      {"id": "GHSA-36fh-84j7-cv5h", "pkg": "jszip", "version": "3.6.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jszip.loadAsync"], "paths": ["src/server.js:main -> src/server.js:8 -> src/routes/uploads.js:4 -> src/routes/uploads.js:5 -> src/lib/archive.js:5 -> jszip.loadAsync"]},
      {"id": "GHSA-jr5f-v2jv-69x6", "pkg": "axios", "version": "0.27.2", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; axios is used only by code that no entry point reaches (test/uploads.test.js:3)"},
      {"id": "GHSA-4hjh-wcwx-xvwj", "pkg": "axios", "version": "0.27.2", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; axios is used only by code that no entry point reaches (test/uploads.test.js:3)"},
      {"id": "GHSA-wf5p-g6vw-rhxx", "pkg": "axios", "version": "0.27.2", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; axios is used only by code that no entry point reaches (test/uploads.test.js:3)"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.21", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/plugins/config.js:2), but none of its vulnerable symbols is called"},
    ],
  },
  "feedsync": {
    verdict: "block", total: 5, reachable: 2,
    // aiohttp `app.add_routes([web.post(path, handlers.preview)])` from `python -m feedsync`; requests from a setup.py console script.
    findings: [
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["feedsync/__main__.py:__main__ -> feedsync/__main__.py:12 -> feedsync/__main__.py:9 -> feedsync/app.py:12 -> feedsync/handlers.py:16 -> feedsync/sanitize.py:11 -> lxml.html.clean.Cleaner.clean_html", "feedsync/__main__.py:__main__ -> feedsync/__main__.py:12 -> feedsync/__main__.py:9 -> feedsync/app.py:12 -> feedsync/handlers.py:16 -> feedsync/sanitize.py:10 -> feedsync/sanitize.py:14 -> lxml.html.clean.Cleaner"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["feedsync/refresh.py:script -> feedsync/refresh.py:14 -> feedsync/refresh.py:18 -> feedsync/fetch.py:7 -> requests.get"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_handlers.py:1)"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (feedsync/sanitize.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (feedsync/fetch.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "flask-inventory": {
    verdict: "block", total: 5, reachable: 1,
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["inventory/__init__.py:server -> inventory/__init__.py:5 -> inventory/api/imports.py:8 -> inventory/api/imports.py:11 -> inventory/services/importer.py:15 -> inventory/services/importer.py:12 -> yaml.FullLoader", "inventory/__init__.py:server -> inventory/__init__.py:5 -> inventory/api/imports.py:8 -> inventory/api/imports.py:11 -> inventory/services/importer.py:15 -> inventory/services/importer.py:12 -> yaml.load"]},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; pillow is used only by code that no entry point reaches (tests/test_labels.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; pillow is used only by code that no entry point reaches (tests/test_labels.py:1)"},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "3.1.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (inventory/__init__.py:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "3.1.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (inventory/__init__.py:2), but none of its vulnerable symbols is called"},
    ],
  },
  "flask-ledger": {
    verdict: "block", total: 5, reachable: 2,
    // No wsgi.py: the Procfile's `gunicorn "ledger:create_app()"` calls the factory, which registers
    // blueprints made by factories in a loop and a `@app.before_request` hook.
    findings: [
      {"id": "PYSEC-2022-202", "pkg": "pyjwt", "version": "1.7.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["jwt.decode"], "paths": ["ledger/__init__.py:script -> ledger/__init__.py:17 -> ledger/__init__.py:22 -> ledger/__init__.py:24 -> ledger/auth.py:7 -> ledger/auth.py:12 -> jwt.decode"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["ledger/__init__.py:script -> ledger/__init__.py:16 -> ledger/views/exports.py:7 -> ledger/views/exports.py:9 -> ledger/services/statements.py:15 -> markdown2.markdown"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (ledger/config.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_statements.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_statements.py:1)"},
    ],
  },
  "depot-api": {
    verdict: "block", total: 4, reachable: 1,
    // uv.lock, src layout run with `python -m depot`; FastAPI routers included in a loop, the route's service
    // injected with `Depends(get_manifest_service)`, a factory building it with its parser.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["src/depot/app.py:server -> src/depot/app.py:3 -> src/depot/routers/manifests.py:10 -> src/depot/routers/manifests.py:16 -> src/depot/services/manifests.py:10 -> src/depot/parsing.py:13 -> yaml.FullLoader", "src/depot/app.py:server -> src/depot/app.py:3 -> src/depot/routers/manifests.py:10 -> src/depot/routers/manifests.py:16 -> src/depot/services/manifests.py:10 -> src/depot/parsing.py:13 -> yaml.load"]},
      {"id": "PYSEC-2022-183", "pkg": "httpx", "version": "0.18.2", "severity": "critical", "cvss": null, "level": "none", "reason": "dev dependency; httpx is used only by code that no entry point reaches (tests/test_api.py:1)"},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (src/depot/services/previews.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (src/depot/services/previews.py:3), but none of its vulnerable symbols is called"},
    ],
  },
  "django-storefront": {
    verdict: "block", total: 20, reachable: 7,
    // Django wired by settings and convention: a MIDDLEWARE class (jwt), a template tag library (mistune), an
    // admin.py action (requests), a DRF serializer's validate_<field> (bleach), a DetailView's get_context_data;
    // signals.py is never imported (pygments: none).
    findings: [
      {"id": "PYSEC-2022-202", "pkg": "pyjwt", "version": "1.7.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["jwt.decode"], "paths": ["shop/middleware.py:middleware -> shop/middleware.py:9 -> jwt.decode"]},
      {"id": "PYSEC-2022-237", "pkg": "mistune", "version": "2.0.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["mistune.html"], "paths": ["shop/templatetags/shop_tags.py:templatetags -> shop/templatetags/shop_tags.py:7 -> shop/templatetags/shop_tags.py:9 -> mistune.html"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.post"], "paths": ["shop/admin.py:admin -> shop/admin.py:7 -> shop/admin.py:10 -> requests.post"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["shop/views.py:views -> shop/views.py:12 -> shop/render.py:5 -> markdown2.markdown"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["shop/serializers.py:views -> shop/serializers.py:13 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["shop/serializers.py:views -> shop/serializers.py:13 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["shop/serializers.py:views -> shop/serializers.py:13 -> bleach.clean"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_api.py:2)"},
      {"id": "PYSEC-2024-70", "pkg": "django", "version": "4.2.11", "severity": "critical", "cvss": null, "level": "none", "reason": "django is used by reachable code (manage.py:6), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-140", "pkg": "pygments", "version": "2.7.2", "severity": "high", "cvss": null, "level": "none", "reason": "pygments is used only by code that no entry point reaches (shop/signals.py:2)"},
      {"id": "PYSEC-2021-141", "pkg": "pygments", "version": "2.7.2", "severity": "high", "cvss": null, "level": "none", "reason": "pygments is used only by code that no entry point reaches (shop/signals.py:2)"},
      {"id": "PYSEC-2024-56", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (manage.py:6), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-59", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (manage.py:6), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-67", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (manage.py:6), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-68", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (manage.py:6), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-69", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (manage.py:6), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-102", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (manage.py:6), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (shop/admin.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-57", "pkg": "django", "version": "4.2.11", "severity": "medium", "cvss": null, "level": "none", "reason": "django is used by reachable code (manage.py:6), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-58", "pkg": "django", "version": "4.2.11", "severity": "low", "cvss": null, "level": "none", "reason": "django is used by reachable code (manage.py:6), but none of its vulnerable symbols is called"},
    ],
  },
  "flask-clipper": {
    verdict: "block", total: 4, reachable: 1,
    // Pipfile.lock; Procfile `gunicorn wsgi:app`; blueprints registered in a loop; MethodView classes
    // (`ExportAPI.as_view(...)`) looking up an exporter in a dict a class decorator fills (`EXPORTERS[name]()`).
    findings: [
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["clipper/api/exports.py:views -> clipper/api/exports.py:17 -> clipper/exporters/html.py:14 -> lxml.html.clean.Cleaner.clean_html", "clipper/api/exports.py:views -> clipper/api/exports.py:16 -> clipper/exporters/__init__.py:14 -> clipper/exporters/html.py:11 -> lxml.html.clean.Cleaner"]},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (clipper/exporters/html.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "none", "reason": "markdown2 is used only by code that no entry point reaches (clipper/notes.py:1)"},
      {"id": "PYSEC-2022-25", "pkg": "ujson", "version": "5.0.0", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; ujson is used only by code that no entry point reaches (tests/test_exports.py:1)"},
    ],
  },
  "ingestd-feeds": {
    verdict: "block", total: 9, reachable: 5,
    // pdm.lock; `[project.scripts]` run() starting workers with asyncio.gather; a SQLAlchemy
    // `@event.listens_for` listener (mistune); a source class named in `[project.entry-points."ingestd.sources"]`
    // and loaded with importlib.metadata.entry_points() (requests).
    findings: [
      {"id": "PYSEC-2022-237", "pkg": "mistune", "version": "2.0.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["mistune.create_markdown"], "paths": ["src/ingestd/main.py:script -> src/ingestd/main.py:6 -> src/ingestd/pipeline.py:3 -> src/ingestd/models.py:19 -> src/ingestd/models.py:22 -> src/ingestd/summaries.py:6 -> mistune.create_markdown", "src/ingestd/main.py:script -> src/ingestd/main.py:6 -> src/ingestd/pipeline.py:3 -> src/ingestd/models.py:20 -> src/ingestd/models.py:22 -> src/ingestd/summaries.py:6 -> mistune.create_markdown", "src/ingestd/main.py:script -> src/ingestd/main.py:7 -> src/ingestd/storage.py:4 -> src/ingestd/models.py:19 -> src/ingestd/models.py:22 -> src/ingestd/summaries.py:6 -> mistune.create_markdown", "src/ingestd/main.py:script -> src/ingestd/main.py:7 -> src/ingestd/storage.py:4 -> src/ingestd/models.py:20 -> src/ingestd/models.py:22 -> src/ingestd/summaries.py:6 -> mistune.create_markdown"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["src/ingestd/sources/feed.py:plugin -> src/ingestd/sources/feed.py:14 -> src/ingestd/sources/feed.py:17 -> requests.get"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["src/ingestd/main.py:script -> src/ingestd/main.py:45 -> src/ingestd/main.py:38 -> src/ingestd/main.py:16 -> src/ingestd/pipeline.py:12 -> src/ingestd/sanitize.py:8 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["src/ingestd/main.py:script -> src/ingestd/main.py:45 -> src/ingestd/main.py:38 -> src/ingestd/main.py:16 -> src/ingestd/pipeline.py:12 -> src/ingestd/sanitize.py:8 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["src/ingestd/main.py:script -> src/ingestd/main.py:45 -> src/ingestd/main.py:38 -> src/ingestd/main.py:16 -> src/ingestd/pipeline.py:12 -> src/ingestd/sanitize.py:8 -> bleach.clean"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_pipeline.py:1)"},
      {"id": "PYSEC-2019-123", "pkg": "sqlalchemy", "version": "1.2.10", "severity": "critical", "cvss": null, "level": "none", "reason": "sqlalchemy is used by reachable code (src/ingestd/models.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2019-124", "pkg": "sqlalchemy", "version": "1.2.10", "severity": "high", "cvss": null, "level": "none", "reason": "sqlalchemy is used by reachable code (src/ingestd/models.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (src/ingestd/sources/feed.py:4), but none of its vulnerable symbols is called"},
    ],
  },
  "mailroom-digest": {
    verdict: "block", total: 7, reachable: 3,
    // poetry.lock + `[tool.poetry.scripts]`; Celery `@shared_task`s in tasks.py chained with
    // `chain(a.s(), b.s()).apply_async()`; an argparse CLI dispatching through `set_defaults(func=...)`.
    findings: [
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["mailroom/tasks.py:task -> mailroom/tasks.py:7 -> mailroom/tasks.py:10 -> mailroom/rendering.py:10 -> markdown2.markdown"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["mailroom/tasks.py:task -> mailroom/tasks.py:13 -> mailroom/tasks.py:15 -> mailroom/rendering.py:14 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["mailroom/tasks.py:task -> mailroom/tasks.py:13 -> mailroom/tasks.py:15 -> mailroom/rendering.py:14 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (mailroom/cli.py:8), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_tasks.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (mailroom/rendering.py:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_tasks.py:1)"},
    ],
  },
  "tornado-pastebin": {
    verdict: "block", total: 6, reachable: 2,
    // requirements.txt that includes requirements/base.txt (dev.txt separate); Tornado handler classes
    // (our BaseHandler derives from tornado.web.RequestHandler) routed in `tornado.web.Application([...])`.
    findings: [
      {"id": "PYSEC-2021-140", "pkg": "pygments", "version": "2.7.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight", "pygments.lexers.get_lexer_by_name"], "paths": ["pastebin/handlers/pastes.py:views -> pastebin/handlers/pastes.py:27 -> pastebin/highlight.py:11 -> pygments.lexers.get_lexer_by_name", "pastebin/handlers/pastes.py:views -> pastebin/handlers/pastes.py:27 -> pastebin/highlight.py:13 -> pygments.lexers.get_lexer_by_name", "pastebin/handlers/pastes.py:views -> pastebin/handlers/pastes.py:27 -> pastebin/highlight.py:14 -> pygments.highlight", "pastebin/handlers/preview.py:views -> pastebin/handlers/preview.py:14 -> pastebin/highlight.py:11 -> pygments.lexers.get_lexer_by_name", "pastebin/handlers/preview.py:views -> pastebin/handlers/preview.py:14 -> pastebin/highlight.py:13 -> pygments.lexers.get_lexer_by_name"]},
      {"id": "PYSEC-2021-141", "pkg": "pygments", "version": "2.7.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight", "pygments.lexers.get_lexer_by_name"], "paths": ["pastebin/handlers/pastes.py:views -> pastebin/handlers/pastes.py:27 -> pastebin/highlight.py:11 -> pygments.lexers.get_lexer_by_name", "pastebin/handlers/pastes.py:views -> pastebin/handlers/pastes.py:27 -> pastebin/highlight.py:13 -> pygments.lexers.get_lexer_by_name", "pastebin/handlers/pastes.py:views -> pastebin/handlers/pastes.py:27 -> pastebin/highlight.py:14 -> pygments.highlight", "pastebin/handlers/preview.py:views -> pastebin/handlers/preview.py:14 -> pastebin/highlight.py:11 -> pygments.lexers.get_lexer_by_name", "pastebin/handlers/preview.py:views -> pastebin/handlers/preview.py:14 -> pastebin/highlight.py:13 -> pygments.lexers.get_lexer_by_name"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/conftest.py:2)"},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (pastebin/text.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (pastebin/text.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (pastebin/text.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "graphql-library": {
    verdict: "block", total: 5, reachable: 1,
    // Apollo: resolver maps of other modules spread into the `resolvers` object handed to `new ApolloServer`.
    findings: [
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["src/index.ts:main -> src/index.ts:7 -> src/resolvers/imports.ts:11 -> src/services/catalog-importer.ts:12 -> src/services/catalog-importer.ts:19 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/store.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/importer.test.ts:4)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/store.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/store.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "hapi-reports": {
    verdict: "block", total: 3, reachable: 1,
    findings: [
      {"id": "GHSA-p493-635q-r6gr", "pkg": "pug", "version": "3.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["pug.compile"], "paths": ["src/start.js:script -> src/start.js:4 -> src/server.js:9 -> src/plugins/reports.js:7 -> src/reports/handlers.js:7 -> src/lib/render.js:6 -> pug.compile"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "qs is used by reachable code (src/lib/links.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/reports.js:2)"},
    ],
  },
  "koa-notes": {
    verdict: "block", total: 6, reachable: 2,
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/app.js:main -> src/app.js:10 -> src/routes/notes.js:7 -> src/routes/notes.js:8 -> src/services/note-service.js:14 -> src/services/note-service.js:18 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/app.js:main -> src/app.js:10 -> src/routes/notes.js:7 -> src/routes/notes.js:8 -> src/services/note-service.js:14 -> src/services/note-service.js:18 -> marked.parse"]},
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used by reachable code (src/lib/escape.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used by reachable code (src/lib/escape.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-phwq-j96m-2c2q", "pkg": "ejs", "version": "3.1.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; ejs is used only by code that no entry point reaches (test/notes.js:3)"},
      {"id": "GHSA-ghr5-ch3p-vcr6", "pkg": "ejs", "version": "3.1.6", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; ejs is used only by code that no entry point reaches (test/notes.js:3)"},
    ],
  },
  "log-digest": {
    verdict: "block", total: 8, reachable: 2,
    // The computed call `getattr(formats, "to_" + args.format)` reaches the module's functions named
    // so (to_markdown calls markdown2) and nothing else: packages used elsewhere stay none.
    findings: [
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["run_digest.py:__main__ -> run_digest.py:30 -> run_digest.py:22 -> digest/report.py:9 -> digest/report.py:12 -> PIL.Image.open"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["run_digest.py:__main__ -> run_digest.py:30 -> run_digest.py:25 -> digest/formats.py:10 -> markdown2.markdown"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "urllib3 is used by reachable code (digest/parse.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (digest/report.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_digest.py:1)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "urllib3 is used by reachable code (digest/parse.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_digest.py:1)"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "urllib3 is used by reachable code (digest/parse.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "mailroom-worker": {
    verdict: "block", total: 7, reachable: 2,
    // A bullmq Worker's processor; tsyringe `container.resolve(JobRouter)` makes the router, whose constructor parameters are injected by type; tsconfig `@app/*` paths.
    // A maintenance task looked up by job name (`const task = this.maintenance[job.name]; task(...)`) is any member of the
    // field's object literal (only purgeBounces): jsonwebtoken, used in reachable code (jwt.decode), is none.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/main.ts:main -> src/main.ts:10 -> src/jobs/job-router.ts:19 -> src/jobs/newsletter.job.ts:17 -> src/services/markdown-renderer.ts:7 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/main.ts:main -> src/main.ts:10 -> src/jobs/job-router.ts:19 -> src/jobs/newsletter.job.ts:17 -> src/services/markdown-renderer.ts:7 -> marked.parse"]},
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; handlebars is used only by code that no entry point reaches (test/newsletter.spec.ts:2)"},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; handlebars is used only by code that no entry point reaches (test/newsletter.spec.ts:2)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/jobs/receipt.job.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/jobs/receipt.job.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/jobs/receipt.job.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "nest-billing": {
    verdict: "block", total: 5, reachable: 1,
    findings: [
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["src/invoices/invoices.controller.ts:controller -> src/invoices/invoices.controller.ts:21 -> src/invoices/invoices.service.ts:17 -> src/invoices/xml-invoice.parser.ts:12 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/app.e2e-spec.ts:1)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/auth/auth.service.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/auth/auth.service.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/auth/auth.service.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "next-blog": {
    verdict: "block", total: 5, reachable: 3,
    findings: [
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["pages/api/posts/[id].js:route -> pages/api/posts/[id].js:8 -> lib/auth.js:12 -> lib/auth.js:17 -> jsonwebtoken.verify"]},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["pages/api/posts/[id].js:route -> pages/api/posts/[id].js:8 -> lib/auth.js:12 -> lib/auth.js:17 -> jsonwebtoken.verify"]},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["pages/api/posts/[id].js:route -> pages/api/posts/[id].js:8 -> lib/auth.js:12 -> lib/auth.js:17 -> jsonwebtoken.verify"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (__tests__/api.js:1)"},
      {"id": "GHSA-pxg6-pf52-xh8x", "pkg": "cookie", "version": "0.6.0", "severity": "low", "cvss": null, "level": "none", "reason": "cookie is used by reachable code (lib/session.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "prefs-service": {
    verdict: "block", total: 5, reachable: 3,
    // Express routers made by factories mounted in a loop over a `[prefix, makeRouter]` array, a middleware factory, an async-handler wrapper;
    // `res.redirect()` in a handler is express.response.redirect (Express hands handlers its request and response).
    findings: [
      {"id": "GHSA-2j2x-2gpw-g8fm", "pkg": "flat", "version": "5.0.0", "severity": "critical", "cvss": null, "level": "function", "symbols": ["flat.unflatten"], "paths": ["server.js:main -> server.js:6 -> src/app.js:16 -> src/routes/settings.js:10 -> src/middleware/async-handler.js:3 -> src/routes/settings.js:11 -> src/controllers/settings-controller.js:15 -> src/services/settings.js:9 -> flat.unflatten", "server.js:main -> server.js:6 -> src/app.js:16 -> src/routes/settings.js:11 -> src/middleware/async-handler.js:3 -> src/routes/settings.js:11 -> src/controllers/settings-controller.js:15 -> src/services/settings.js:9 -> flat.unflatten"]},
      {"id": "GHSA-rv95-896h-c2vc", "pkg": "express", "version": "4.18.2", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["express.response.redirect"], "paths": ["server.js:main -> server.js:6 -> src/app.js:16 -> src/routes/auth.js:7 -> src/routes/auth.js:9 -> express.response.redirect"]},
      {"id": "GHSA-qw6h-vgh9-j6wx", "pkg": "express", "version": "4.18.2", "severity": "medium", "cvss": 5, "level": "function", "symbols": ["express.response.redirect"], "paths": ["server.js:main -> server.js:6 -> src/app.js:16 -> src/routes/auth.js:7 -> src/routes/auth.js:9 -> express.response.redirect"]},
      {"id": "GHSA-qqgx-2p2h-9c37", "pkg": "ini", "version": "1.3.5", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; ini is used only by code that no entry point reaches (test/settings.test.js:4)"},
      {"id": "GHSA-pxg6-pf52-xh8x", "pkg": "cookie", "version": "0.6.0", "severity": "low", "cvss": null, "level": "none", "reason": "cookie is used by reachable code (src/middleware/session.js:3), but none of its vulnerable symbols is called"},
    ],
  },
  "relkit-cli": {
    verdict: "block", total: 3, reachable: 1,
    // yargs command modules (`exports.command/handler`, and an object with a `handler()` method) handed to `.command(require(...))` in a `bin`.
    findings: [
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "function", "symbols": ["tar.x"], "paths": ["bin/relkit.js:bin -> bin/relkit.js:9 -> lib/commands/unpack.js:9 -> lib/bundle.js:9 -> tar.x"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/bundle.test.js:5)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (lib/versions.js:3), but none of its vulnerable symbols is called"},
    ],
  },
  "serverless-orders": {
    verdict: "block", total: 8, reachable: 2,
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/handlers/orders.js:handler -> src/handlers/orders.js:7 -> src/services/confirmation.js:6 -> src/lib/templates.js:8 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/handlers/orders.js:handler -> src/handlers/orders.js:7 -> src/services/confirmation.js:6 -> src/lib/templates.js:8 -> handlebars.compile"]},
      {"id": "GHSA-jr5f-v2jv-69x6", "pkg": "axios", "version": "0.27.2", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; axios is used only by code that no entry point reaches (test/orders.test.js:3)"},
      {"id": "GHSA-4hjh-wcwx-xvwj", "pkg": "axios", "version": "0.27.2", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; axios is used only by code that no entry point reaches (test/orders.test.js:3)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/auth/authorizer.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-wf5p-g6vw-rhxx", "pkg": "axios", "version": "0.27.2", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; axios is used only by code that no entry point reaches (test/orders.test.js:3)"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/auth/authorizer.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/auth/authorizer.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "shipyard-monorepo": {
    verdict: "block", total: 5, reachable: 1,
    // pnpm workspaces: the api imports `@shipyard/manifest/xml`, a subpath of the sibling workspace's `exports` map; xml2js is the manifest's own dependency
    // (direct) and the api's through the workspace link (not direct), reached through the manifest's code either way.
    findings: [
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["packages/api/src/server.js:main -> packages/api/src/server.js:5 -> packages/api/src/routes/shipments.js:8 -> packages/api/src/routes/shipments.js:9 -> packages/api/src/services/importer.js:7 -> packages/manifest/src/xml.js:6 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["packages/api/src/server.js:main -> packages/api/src/server.js:5 -> packages/api/src/routes/shipments.js:8 -> packages/api/src/routes/shipments.js:9 -> packages/api/src/services/importer.js:7 -> packages/manifest/src/xml.js:6 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (packages/api/test/shipments.test.js:3)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (packages/api/src/auth.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (packages/api/src/auth.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (packages/api/src/auth.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "sitegen-cli": {
    verdict: "block", total: 7, reachable: 3,
    // The computed call can only reach the members of a module of ours: packages used elsewhere stay none.
    findings: [
      {"id": "GHSA-xvch-5gv4-984h", "pkg": "minimist", "version": "1.2.5", "severity": "critical", "cvss": 9.8, "level": "package", "paths": ["bin/sitegen.js:bin -> bin/sitegen.js:5 -> lib/cli.js:6 -> minimist"], "reason": "no vulnerable symbols are known; minimist is used by reachable code"},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "package", "paths": ["bin/sitegen.js:bin -> bin/sitegen.js:5 -> lib/cli.js:11 -> lib/commands/publish.js:4 -> node-fetch"], "reason": "no vulnerable symbols are known; node-fetch is used by reachable code"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["bin/sitegen.js:bin -> bin/sitegen.js:5 -> lib/cli.js:7 -> lib/config.js:12 -> lib/config.js:8 -> js-yaml.load"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/cli.js:1)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (lib/config.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (lib/config.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (lib/config.js:3), but none of its vulnerable symbols is called"},
    ],
  },
  "ts-gateway": {
    verdict: "block", total: 3, reachable: 1,
    findings: [
      {"id": "GHSA-g4rg-993r-mgx7", "pkg": "shell-quote", "version": "1.7.2", "severity": "critical", "cvss": null, "level": "function", "symbols": ["shell-quote.quote"], "paths": ["src/main.ts:main -> src/main.ts:12 -> src/main.ts:8 -> src/http/deploy-routes.ts:11 -> src/http/deploy-routes.ts:14 -> src/jobs/deploy-job.ts:8 -> src/core/git/commands.ts:4 -> shell-quote.quote"]},
      {"id": "GHSA-xvch-5gv4-984h", "pkg": "minimist", "version": "1.2.5", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; minimist is used only by code that no entry point reaches (test/deploy.e2e.ts:1)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/config/index.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "next-notes": {
    verdict: "block", total: 7, reachable: 4,
    // Next.js app router: a route handler's exported POST, a server action handed to a form (`<form action={createNote}>`) and one a client component calls.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["app/api/preview/route.ts:route -> app/api/preview/route.ts:8 -> lib/markdown.ts:10 -> marked.parse"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["app/notes/[id]/page.tsx:page -> app/notes/[id]/page.tsx:10 -> app/notes/[id]/page.tsx:11 -> components/TagEditor.tsx:11 -> app/notes/[id]/actions.ts:7 -> lib/tag-format.ts:6 -> lodash.template"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["app/api/preview/route.ts:route -> app/api/preview/route.ts:8 -> lib/markdown.ts:10 -> marked.parse"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["app/notes/new/page.tsx:page -> app/notes/new/page.tsx:5 -> app/notes/new/actions.ts:8 -> lib/frontmatter.ts:9 -> js-yaml.load"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (tests/markdown.test.ts:2)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (app/notes/[id]/page.tsx:10), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (app/notes/[id]/page.tsx:10), but none of its vulnerable symbols is called"},
    ],
  },
  "hono-links": {
    verdict: "block", total: 6, reachable: 1,
    // Hono sub-apps mounted with `api.route("/feeds", feeds)` and a middleware from another module; the @hono/node-server entry serves `app.fetch`.
    findings: [
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["src/routes/feeds.ts:server -> src/routes/feeds.ts:6 -> src/routes/feeds.ts:7 -> src/services/opml.ts:9 -> src/services/opml.ts:16 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/links.test.ts:2)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/services/link-store.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/middleware/auth.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/middleware/auth.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/middleware/auth.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "aiohttp-gallery": {
    verdict: "block", total: 8, reachable: 3,
    // aiohttp class-based views (`web.View` subclasses routed by `router.add_view()` and `@routes.view()`); `python -m gallery`.
    findings: [
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["gallery/views.py:views -> gallery/views.py:22 -> gallery/thumbs.py:10 -> PIL.Image.open"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["gallery/views.py:views -> gallery/views.py:30 -> gallery/captions.py:7 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["gallery/views.py:views -> gallery/views.py:30 -> gallery/captions.py:7 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (gallery/config.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (gallery/thumbs.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_views.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (gallery/captions.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_views.py:1)"},
    ],
  },
  "falcon-exports": {
    verdict: "block", total: 9, reachable: 1,
    // Falcon resources (no base class: `on_get`/`on_post` responders on instances handed to `app.add_route`); a formatter module loaded by
    // `import_module(f"exports.formats.{fmt}")` is dynamic: the advisories whose symbols its folder calls are unknown (markdown2.markdown), not lxml's
    // (the xml formatter calls only etree.Element/tostring), bleach (used elsewhere) or the dev-only requests.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["exports/resources/documents.py:views -> exports/resources/documents.py:14 -> exports/metadata.py:10 -> yaml.FullLoader", "exports/resources/documents.py:views -> exports/resources/documents.py:14 -> exports/metadata.py:10 -> yaml.load"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "unknown", "reason": "dynamic import `importlib.import_module(f\"exports.formats.{fmt}\")` at exports/resources/export.py:13 in reachable code; what it loads cannot be known"},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by code that a dynamic import may load (exports/formats/xml.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by code that a dynamic import may load (exports/formats/xml.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_export.py:1)"},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (exports/resources/documents.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (exports/resources/documents.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (exports/resources/documents.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_export.py:1)"},
    ],
  },
  "graphene-bookclub": {
    verdict: "block", total: 5, reachable: 2,
    // graphene: `resolve_<field>` methods of ObjectType classes and a Mutation's `mutate`, run by the schema behind a Flask GraphQLView.
    findings: [
      {"id": "PYSEC-2022-202", "pkg": "pyjwt", "version": "1.7.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["jwt.decode"], "paths": ["bookclub/schema.py:views -> bookclub/schema.py:33 -> bookclub/auth.py:11 -> jwt.decode"]},
      {"id": "PYSEC-2022-237", "pkg": "mistune", "version": "2.0.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["mistune.html"], "paths": ["bookclub/schema.py:views -> bookclub/schema.py:14 -> bookclub/reviews.py:7 -> bookclub/reviews.py:11 -> mistune.html"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (bookclub/config.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_schema.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_schema.py:1)"},
    ],
  },
  "express-invoices": {
    verdict: "block", total: 8, reachable: 3,
    // A committed node_modules/invoice-kit calls handlebars.compile (handlebars comes in through invoice-kit: transitive); examples/ is no entry.
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "transitive", "symbols": ["handlebars.compile"], "paths": ["src/server.js:main -> src/server.js:2 -> src/routes/invoices.js:11 -> src/routes/invoices.js:12 -> src/services/billing.js:11 -> node_modules/invoice-kit/index.js:7 -> node_modules/invoice-kit/lib/layout.js:11 -> handlebars.compile"], "reason": "dependency code in the checkout (invoice-kit) calls handlebars.compile on a path from an entry point"},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "transitive", "symbols": ["handlebars.compile"], "paths": ["src/server.js:main -> src/server.js:2 -> src/routes/invoices.js:11 -> src/routes/invoices.js:12 -> src/services/billing.js:11 -> node_modules/invoice-kit/index.js:7 -> node_modules/invoice-kit/lib/layout.js:11 -> handlebars.compile"], "reason": "dependency code in the checkout (invoice-kit) calls handlebars.compile on a path from an entry point"},
      {"id": "GHSA-qw6h-vgh9-j6wx", "pkg": "express", "version": "4.19.2", "severity": "medium", "cvss": 5, "level": "function", "symbols": ["express.response.redirect"], "paths": ["src/server.js:main -> src/server.js:2 -> src/routes/invoices.js:15 -> src/routes/invoices.js:17 -> src/services/checkout.js:4 -> express.response.redirect"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/invoices.test.js:2)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/services/billing.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/services/billing.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/services/version.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/services/billing.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "flask-exporter": {
    verdict: "block", total: 8, reachable: 2,
    // Celery tasks of a Flask app queued with `.delay()`/`.apply_async()` in a module named jobs.py; PyYAML is called only by a vendored package (exporter/_vendor: transitive); examples/client.py is no entry.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "transitive", "symbols": ["yaml.load"], "paths": ["exporter/jobs.py:task -> exporter/jobs.py:10 -> exporter/jobs.py:12 -> exporter/_vendor/sheetspec/loader.py:7 -> yaml.load"], "reason": "dependency code in the checkout (sheetspec) calls yaml.load on a path from an entry point"},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["exporter/jobs.py:task -> exporter/jobs.py:19 -> exporter/jobs.py:21 -> exporter/imaging.py:8 -> PIL.Image.open"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_views.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (exporter/imaging.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used only by code that no entry point reaches (examples/client.py:4)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_views.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used only by code that no entry point reaches (examples/client.py:4)"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_views.py:1)"},
    ],
  },
  "fastify-wiki": {
    verdict: "block", total: 5, reachable: 3,
    // @fastify/autoload registers every file of src/plugins and src/routes; a plugin decorates the instance with the renderer (`fastify.decorate("renderPage", renderPage)`).
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.marked"], "paths": ["src/plugins/markdown.js:exports -> src/plugins/markdown.js:6 -> src/plugins/markdown.js:7 -> src/lib/render.js:6 -> marked.marked"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.marked"], "paths": ["src/plugins/markdown.js:exports -> src/plugins/markdown.js:6 -> src/plugins/markdown.js:7 -> src/lib/render.js:6 -> marked.marked"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/routes/import.js:exports -> src/routes/import.js:6 -> src/lib/space-import.js:7 -> js-yaml.load"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/pages.test.js:4)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/plugins/client-version.js:4), but none of its vulnerable symbols is called"},
    ],
  },
  "django-library": {
    verdict: "block", total: 7, reachable: 3,
    // DRF DefaultRouter viewset @action (yaml.full_load), a TemplateView's get_context_data hook (markdown2), a Celery task queued with .delay() from perform_create (requests.get).
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.full_load"], "paths": ["library/views.py:views -> library/views.py:23 -> library/importing.py:7 -> yaml.full_load"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["library/tasks.py:task -> library/tasks.py:9 -> library/tasks.py:12 -> library/tasks.py:18 -> requests.get"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["library/views.py:views -> library/views.py:33 -> library/text.py:5 -> markdown2.markdown"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (library/tests/test_tasks.py:1)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (library/tests/test_tasks.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (library/tasks.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (library/tests/test_tasks.py:1)"},
    ],
  },
  "docgen-cli": {
    verdict: "block", total: 8, reachable: 2,
    // package.json `bin` map → commander `.action(build)` (marked); lodash.template only in examples/ (never an entry); tar.c (not x) in a lazily required action; semver in a module nothing requires.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["bin/docgen.js:bin -> bin/docgen.js:4 -> lib/cli.js:8 -> lib/commands/build.js:10 -> lib/render.js:9 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["bin/docgen.js:bin -> bin/docgen.js:4 -> lib/cli.js:8 -> lib/commands/build.js:10 -> lib/render.js:9 -> marked.parse"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/render.test.js:3)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (lib/render.js:4), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (lib/render.js:4), but none of its vulnerable symbols is called"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used only by code that no entry point reaches (lib/commands/check.js:3)"},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "none", "reason": "tar is used by reachable code (lib/commands/pack.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (lib/render.js:4), but none of its vulnerable symbols is called"},
    ],
  },
  "express-crm": {
    verdict: "block", total: 7, reachable: 3,
    // Routers mounted across files (`app.use("/api", router)`, `router.use("/contacts", sub)`), a middleware array (`router.use([requireUser, audit])` → _.trim), a controller method bound as handler (`ctrl.card.bind(ctrl)` → _.template), an arrow class field handler (yaml.load); handlebars.compile only in a method nothing calls.
    findings: [
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/index.js:main -> src/index.js:2 -> src/routes/index.js:2 -> src/routes/contacts.js:9 -> src/controllers/contacts.js:16 -> src/services/cards.js:9 -> lodash.template"]},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "function", "symbols": ["lodash.trim"], "paths": ["src/index.js:main -> src/index.js:2 -> src/routes/index.js:7 -> src/middleware/index.js:9 -> src/middleware/audit-log.js:7 -> lodash.trim"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/index.js:main -> src/index.js:2 -> src/routes/index.js:3 -> src/routes/imports.js:18 -> src/routes/imports.js:11 -> src/services/importer.js:8 -> js-yaml.load"]},
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used by reachable code (src/legacy/vcard.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used by reachable code (src/legacy/vcard.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/contacts.test.js:2)"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/middleware/audit-log.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "fastapi-media": {
    verdict: "block", total: 11, reachable: 4,
    // `include_router(..., dependencies=[Depends(require_admin)])` (jwt.decode), `BackgroundTasks.add_task(make_thumbnail, …)` (Image.open), `Annotated[ReportRenderer, Depends(get_renderer)]` (Environment.from_string).
    findings: [
      {"id": "PYSEC-2022-202", "pkg": "pyjwt", "version": "1.7.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["jwt.decode"], "paths": ["app/main.py:server -> app/main.py:8 -> app/deps.py:12 -> jwt.decode"]},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["app/main.py:server -> app/main.py:4 -> app/routers/media.py:9 -> app/routers/media.py:13 -> app/imaging.py:5 -> PIL.Image.open"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["app/main.py:server -> app/main.py:4 -> app/routers/admin.py:11 -> app/routers/admin.py:13 -> app/reports.py:12 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["app/main.py:server -> app/main.py:4 -> app/routers/admin.py:11 -> app/routers/admin.py:13 -> app/reports.py:12 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_media.py:1)"},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (app/reports.py:2), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (app/reports.py:2), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (app/imaging.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_media.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (app/reports.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_media.py:1)"},
    ],
  },
  "fastify-pages": {
    verdict: "block", total: 10, reachable: 6,
    // Plugins registered with prefixes, one inside an inline plugin; `fastify.decorate("renderPage", fn)` from an fp() plugin (Handlebars.compile); an `addHook("preHandler", verifyAdmin)` (jwt.verify); js-yaml only in a committed node_modules/page-store (transitive).
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/app.js:main -> src/app.js:7 -> src/plugins/render.js:13 -> src/plugins/render.js:14 -> src/plugins/render.js:15 -> src/plugins/render.js:9 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/app.js:main -> src/app.js:7 -> src/plugins/render.js:13 -> src/plugins/render.js:14 -> src/plugins/render.js:15 -> src/plugins/render.js:9 -> handlebars.compile"]},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/app.js:main -> src/app.js:9 -> src/app.js:11 -> src/routes/admin.js:7 -> src/lib/auth.js:8 -> jsonwebtoken.verify"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "transitive", "symbols": ["js-yaml.load"], "paths": ["src/app.js:main -> src/app.js:8 -> src/routes/pages.js:6 -> src/routes/pages.js:7 -> node_modules/page-store/index.js:11 -> node_modules/page-store/lib/front-matter.js:8 -> js-yaml.load"], "reason": "dependency code in the checkout (page-store) calls js-yaml.load on a path from an entry point"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/app.js:main -> src/app.js:9 -> src/app.js:11 -> src/routes/admin.js:7 -> src/lib/auth.js:8 -> jsonwebtoken.verify"]},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/app.js:main -> src/app.js:9 -> src/app.js:11 -> src/routes/admin.js:7 -> src/lib/auth.js:8 -> jsonwebtoken.verify"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/admin.test.js:4)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/lib/settings.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/lib/settings.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/lib/settings.js:3), but none of its vulnerable symbols is called"},
    ],
  },
  "flask-notes": {
    verdict: "block", total: 7, reachable: 2,
    // A package-level app factory importing blueprints inside create_app, `MethodView.as_view("notes", store)` with constructor arguments (yaml.load), a blueprint route → renderer methods (markdown2); bleach only through linkify in an after_request hook.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["notes/views/api.py:views -> notes/views/api.py:20 -> notes/formats.py:15 -> yaml.FullLoader", "notes/views/api.py:views -> notes/views/api.py:20 -> notes/formats.py:15 -> yaml.load"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["notes/__init__.py:server -> notes/__init__.py:11 -> notes/views/pages.py:11 -> notes/views/pages.py:14 -> notes/render.py:13 -> notes/render.py:9 -> markdown2.markdown"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_api.py:1)"},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (notes/hooks.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (notes/hooks.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (notes/hooks.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_api.py:1)"},
    ],
  },
  "koa-backups": {
    verdict: "block", total: 6, reachable: 1,
    // ESM @koa/router routers nested with `api.use("/backups", r.routes())`, handlers in an object literal behind a middleware factory (tar.x); `const task = tasks[name]; task()` over a namespace import: ini (used by tasks.js) is unknown, semver (used elsewhere) stays none.
    findings: [
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "function", "symbols": ["tar.x"], "paths": ["src/server.js:main -> src/server.js:3 -> src/routes/index.js:2 -> src/routes/backups.js:17 -> src/routes/backups.js:12 -> src/services/archives.js:13 -> tar.x"]},
      {"id": "GHSA-qqgx-2p2h-9c37", "pkg": "ini", "version": "1.3.5", "severity": "high", "cvss": null, "level": "unknown", "reason": "computed attribute `tasks[ctx.params.task](ctx.request.body)` at src/routes/maintenance.js:9 in reachable code; what it calls cannot be known"},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/backups.test.js:3)"},
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "none", "reason": "marked is used only by code that no entry point reaches (src/services/notes.js:1)"},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "none", "reason": "marked is used only by code that no entry point reaches (src/services/notes.js:1)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/lib/versions.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "lambda-ingest": {
    verdict: "block", total: 10, reachable: 3,
    // Python Lambda handlers named in serverless.yml (`handlers/digest.main`); `getattr(actions, message["action"])` over a module of ours: pyyaml (used in it) unknown, requests and jinja2's other symbols (used elsewhere) none; markdown2 through a vendored package (vendor/mdlite) is transitive; requests.get only in a handler function serverless.yml does not name.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "unknown", "reason": "computed attribute `getattr(actions, message[\"action\"])` at handlers/ingest.py:10 in reachable code; what it calls cannot be known"},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["handlers/digest.py:handler -> handlers/digest.py:5 -> ingest/digest.py:5 -> jinja2.Template"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["handlers/digest.py:handler -> handlers/digest.py:5 -> ingest/digest.py:5 -> jinja2.Template"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "transitive", "symbols": ["markdown2.markdown"], "paths": ["handlers/digest.py:handler -> handlers/digest.py:9 -> ingest/digest.py:9 -> vendor/mdlite/core.py:7 -> markdown2.markdown"], "reason": "dependency code in the checkout (mdlite) calls markdown2.markdown on a path from an entry point"},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_ingest.py:1)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used by reachable code (handlers/digest.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_ingest.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (ingest/digest.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (handlers/digest.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_ingest.py:1)"},
    ],
  },
  "nest-catalog": {
    verdict: "block", total: 7, reachable: 5,
    // A guard named by `@UseGuards(JwtGuard)`: Nest calls its canActivate (jwt.verify); marked through `@Inject(RENDERER) renderer: Renderer` (an interface) bound by `{ provide: RENDERER, useClass: MarkedRenderer }`.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/catalog/catalog.controller.ts:controller -> src/catalog/catalog.controller.ts:11 -> src/catalog/catalog.service.ts:20 -> src/render/marked.renderer.ts:8 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/catalog/catalog.controller.ts:controller -> src/catalog/catalog.controller.ts:11 -> src/catalog/catalog.service.ts:20 -> src/render/marked.renderer.ts:8 -> marked.parse"]},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/catalog/catalog.controller.ts:controller -> src/catalog/catalog.controller.ts:15 -> src/auth/jwt.guard.ts:10 -> jsonwebtoken.verify"]},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/catalog/catalog.controller.ts:controller -> src/catalog/catalog.controller.ts:15 -> src/auth/jwt.guard.ts:10 -> jsonwebtoken.verify"]},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/catalog/catalog.controller.ts:controller -> src/catalog/catalog.controller.ts:15 -> src/auth/jwt.guard.ts:10 -> jsonwebtoken.verify"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/catalog.e2e-spec.ts:1)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/catalog/catalog.service.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "next-storefront": {
    verdict: "block", total: 7, reachable: 3,
    // Next.js app router under src/ with the `@/` alias: a route handler exported as `export { handler as POST }` (marked), a server action called from a client component's onClick (lodash.template); json5 used by a test whose values flow into production code (clip(s)) stays test-only.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.marked"], "paths": ["src/app/api/reviews/[id]/route.ts:route -> src/app/api/reviews/[id]/route.ts:6 -> src/lib/reviews.ts:5 -> marked.marked"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/app/products/[slug]/page.tsx:page -> src/app/products/[slug]/page.tsx:9 -> src/components/ShareBox.tsx:10 -> src/components/ShareBox.tsx:11 -> src/app/products/[slug]/actions.ts:8 -> lodash.template"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.marked"], "paths": ["src/app/api/reviews/[id]/route.ts:route -> src/app/api/reviews/[id]/route.ts:6 -> src/lib/reviews.ts:5 -> marked.marked"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (__tests__/reviews.test.ts:1)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/app/products/[slug]/actions.ts:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "none", "reason": "xml2js is used by reachable code (src/lib/catalog.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/app/products/[slug]/actions.ts:3), but none of its vulnerable symbols is called"},
    ],
  },
  "nest-notify": {
    verdict: "block", total: 5, reachable: 3,
    // NestJS DI tokens: `@Inject(MAILER) mailer: Mailer` (an interface) bound by `{ provide: MAILER, useFactory: (c) => new HandlebarsMailer(…) }`, `@Inject(ARCHIVE_STORE)` (a Symbol) by `{ provide: ARCHIVE_STORE, useClass: TarArchiveStore }`.
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/notify/notify.controller.ts:controller -> src/notify/notify.controller.ts:10 -> src/notify/notify.service.ts:13 -> src/mail/handlebars.mailer.ts:9 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/notify/notify.controller.ts:controller -> src/notify/notify.controller.ts:10 -> src/notify/notify.service.ts:13 -> src/mail/handlebars.mailer.ts:9 -> handlebars.compile"]},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "function", "symbols": ["tar.x"], "paths": ["src/notify/notify.controller.ts:controller -> src/notify/notify.controller.ts:15 -> src/notify/notify.service.ts:17 -> src/storage/tar.store.ts:8 -> tar.x"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/notify.e2e-spec.ts:1)"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "js-yaml is used by reachable code (src/config/config.service.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "remix-journal": {
    verdict: "block", total: 7, reachable: 3,
    // Remix file routes: `app/routes/entries.$id.tsx`'s loader (marked) and `feeds.import.tsx`'s action (xml2js), through the `~/` tsconfig alias; jsonwebtoken only decodes.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["app/routes/entries.$id.tsx:page -> app/routes/entries.$id.tsx:10 -> app/utils/markdown.server.ts:4 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["app/routes/entries.$id.tsx:page -> app/routes/entries.$id.tsx:10 -> app/utils/markdown.server.ts:4 -> marked.parse"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["app/routes/feeds.import.tsx:page -> app/routes/feeds.import.tsx:6 -> app/models/feed.server.ts:5 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/markdown.test.ts:1)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (app/utils/session.server.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (app/utils/session.server.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (app/utils/session.server.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "sveltekit-shop": {
    verdict: "block", total: 7, reachable: 2,
    // SvelteKit: a `+page.server.ts` `actions` object (lodash.template) and a `+server.ts` POST (js-yaml.load), imported through `$lib` (no tsconfig paths in the checkout).
    findings: [
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/routes/products/[slug]/+page.server.ts:page -> src/routes/products/[slug]/+page.server.ts:16 -> src/lib/server/products.ts:17 -> lodash.template"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/routes/api/import/+server.ts:route -> src/routes/api/import/+server.ts:7 -> src/lib/server/catalog.ts:5 -> js-yaml.load"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (tests/products.test.ts:1)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/lib/server/products.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/lib/server/catalog.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/lib/server/products.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-pxg6-pf52-xh8x", "pkg": "cookie", "version": "0.6.0", "severity": "low", "cvss": null, "level": "none", "reason": "cookie is used by reachable code (src/lib/server/session.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "queue-workers": {
    verdict: "block", total: 8, reachable: 4,
    // bullmq sandboxed processors named by path (`path.join(__dirname, "processors", "report.js")`, `` `${__dirname}/processors/import.js` ``): their exports run; a processor file no Worker names (legacy-pdf.js, marked) does not; a node-cron callback (semver).
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/worker.js:main -> src/worker.js:8 -> src/processors/report.js:4 -> src/services/reports.js:13 -> src/services/reports.js:7 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/worker.js:main -> src/worker.js:8 -> src/processors/report.js:4 -> src/services/reports.js:13 -> src/services/reports.js:7 -> handlebars.compile"]},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "function", "symbols": ["semver.satisfies"], "paths": ["src/worker.js:main -> src/worker.js:15 -> src/jobs/prune-clients.js:7 -> semver.satisfies"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseString"], "paths": ["src/worker.js:main -> src/worker.js:9 -> src/processors/import.js:4 -> src/services/importer.js:10 -> src/services/importer.js:4 -> src/services/importer.js:5 -> xml2js.parseString"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/reports.test.js:2)"},
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "none", "reason": "marked is used only by code that no entry point reaches (src/processors/legacy-pdf.js:2)"},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "none", "reason": "marked is used only by code that no entry point reaches (src/processors/legacy-pdf.js:2)"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "js-yaml is used by reachable code (src/services/config.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "restify-docs": {
    verdict: "block", total: 7, reachable: 3,
    // restify: a middleware factory of ours (`server.use(requestLog.middleware({…}))`, moment.locale in the closure), routes registered by a function given the server, handler factories (`docs.update(deps)`); lodash's `template` imported but never called.
    findings: [
      {"id": "GHSA-8hfj-j24r-96c4", "pkg": "moment", "version": "2.29.1", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["moment.locale"], "paths": ["src/server.js:main -> src/server.js:11 -> src/middleware/request-log.js:7 -> moment.locale"]},
      {"id": "GHSA-ff7x-qrg7-qggm", "pkg": "dot-prop", "version": "5.1.0", "severity": "high", "cvss": 7.3, "level": "function", "symbols": ["dot-prop.set"], "paths": ["src/server.js:main -> src/server.js:13 -> src/routes/index.js:5 -> src/routes/docs.js:13 -> src/services/patch.js:6 -> dot-prop.set"]},
      {"id": "GHSA-wc69-rhjr-hc9g", "pkg": "moment", "version": "2.29.1", "severity": "high", "cvss": null, "level": "package", "paths": ["src/server.js:main -> src/server.js:11 -> src/middleware/request-log.js:7 -> moment.locale", "src/server.js:main -> src/server.js:11 -> src/middleware/request-log.js:8 -> moment", "src/server.js:main -> src/server.js:11 -> src/middleware/request-log.js:8 -> moment.format"], "reason": "no vulnerable symbols are known; moment is used by reachable code"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/services/patch.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/services/patch.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/services/patch.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; js-yaml is used only by code that no entry point reaches (test/docs.test.js:2)"},
    ],
  },
  "lambda-invoices": {
    verdict: "block", total: 11, reachable: 6,
    // TypeScript Lambda handlers of serverless.yml: a middy-wrapped handler (`middy(createInvoice).use(…)`), an SQS handler mapping records, an Apollo server's `startServerAndCreateLambdaHandler` with a type resolver (marked); a handler serverless.yml does not name (js-yaml).
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/graphql/lambda.ts:handler -> src/graphql/lambda.ts:7 -> src/graphql/resolvers.ts:13 -> src/graphql/notes.ts:4 -> marked.parse"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/graphql/lambda.ts:handler -> src/graphql/lambda.ts:8 -> src/services/invoice-service.ts:19 -> lodash.template", "src/handlers/invoices.ts:handler -> src/handlers/invoices.ts:6 -> src/services/invoice-service.ts:19 -> lodash.template"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/graphql/lambda.ts:handler -> src/graphql/lambda.ts:7 -> src/graphql/resolvers.ts:13 -> src/graphql/notes.ts:4 -> marked.parse"]},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/handlers/queue.ts:handler -> src/handlers/queue.ts:10 -> src/handlers/queue.ts:5 -> src/services/settlements.ts:9 -> jsonwebtoken.verify"]},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/handlers/queue.ts:handler -> src/handlers/queue.ts:10 -> src/handlers/queue.ts:5 -> src/services/settlements.ts:9 -> jsonwebtoken.verify"]},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/handlers/queue.ts:handler -> src/handlers/queue.ts:10 -> src/handlers/queue.ts:5 -> src/services/settlements.ts:9 -> jsonwebtoken.verify"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/invoices.test.ts:1)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/services/invoice-service.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/services/invoice-service.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/services/invoice-service.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "js-yaml is used only by code that no entry point reaches (src/handlers/legacy-import.ts:2)"},
    ],
  },
  "starlette-feeds": {
    verdict: "block", total: 11, reachable: 4,
    // Starlette: `Route`/`Mount` tables (a module's `routes` list), an `HTTPEndpoint` class, a `WebSocketEndpoint`, a `BaseHTTPMiddleware`, a lifespan; uvicorn from a Procfile.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["feeds/app.py:script -> feeds/app.py:8 -> feeds/routes/admin.py:18 -> feeds/routes/admin.py:9 -> feeds/services/opml.py:7 -> yaml.FullLoader", "feeds/app.py:script -> feeds/app.py:8 -> feeds/routes/admin.py:18 -> feeds/routes/admin.py:9 -> feeds/services/opml.py:7 -> yaml.load"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["feeds/routes/items.py:views -> feeds/routes/items.py:21 -> feeds/services/fetcher.py:9 -> requests.get"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["feeds/routes/live.py:views -> feeds/routes/live.py:10 -> feeds/services/render.py:7 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["feeds/routes/live.py:views -> feeds/routes/live.py:10 -> feeds/services/render.py:7 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_items.py:1)"},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (feeds/services/thumbs.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (feeds/services/thumbs.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_items.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (feeds/services/render.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (feeds/services/fetcher.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_items.py:1)"},
    ],
  },
  "django-reviews": {
    verdict: "block", total: 11, reachable: 5,
    // Django: a FormView's form class (`ReviewForm.clean_body`, called by `is_valid()`: bleach.clean), a `@receiver(post_save)` receiver imported by `AppConfig.ready()` (requests.post), a Celery `shared_task` of a beat schedule (yaml.load).
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.load"], "paths": ["reviews/tasks.py:task -> reviews/tasks.py:7 -> reviews/tasks.py:9 -> reviews/feeds.py:10 -> yaml.load"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.post"], "paths": ["reviews/apps.py:apps -> reviews/apps.py:9 -> reviews/signals.py:9 -> reviews/signals.py:12 -> reviews/moderation.py:6 -> requests.post"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["reviews/forms.py:views -> reviews/forms.py:12 -> reviews/sanitize.py:7 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["reviews/forms.py:views -> reviews/forms.py:12 -> reviews/sanitize.py:7 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["reviews/forms.py:views -> reviews/forms.py:12 -> reviews/sanitize.py:7 -> bleach.clean"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (reviews/tests/test_moderation.py:1)"},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (reviews/images.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (reviews/images.py:1)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (reviews/tests/test_moderation.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (reviews/moderation.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (reviews/tests/test_moderation.py:1)"},
    ],
  },
  "acme-workspaces": {
    verdict: "block", total: 6, reachable: 4,
    // npm workspaces (`packages/*`): a Next.js pages-router `getServerSideProps` of @acme/web calls @acme/content (marked, js-yaml); @acme/jobs' CLI uses only content's `slugify`,
    // so jobs' copies (through content) are not reached: only entries of a workspace and of the workspaces it goes through count for its copy.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.marked"], "paths": ["packages/web/pages/posts/[slug].js:page -> packages/web/pages/posts/[slug].js:7 -> packages/content/src/render.js:6 -> marked.marked"]},
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.marked"], "paths": ["packages/web/pages/posts/[slug].js:page -> packages/web/pages/posts/[slug].js:7 -> packages/content/src/render.js:6 -> marked.marked"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.marked"], "paths": ["packages/web/pages/posts/[slug].js:page -> packages/web/pages/posts/[slug].js:7 -> packages/content/src/render.js:6 -> marked.marked"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.marked"], "paths": ["packages/web/pages/posts/[slug].js:page -> packages/web/pages/posts/[slug].js:7 -> packages/content/src/render.js:6 -> marked.marked"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseString"], "paths": ["packages/jobs/src/sync.js:bin -> packages/jobs/src/sync.js:15 -> packages/jobs/src/sync.js:11 -> packages/jobs/src/sync.js:6 -> packages/jobs/src/sync.js:6 -> xml2js.parseString"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.safeLoad"], "paths": ["packages/web/pages/posts/[slug].js:page -> packages/web/pages/posts/[slug].js:7 -> packages/content/src/render.js:5 -> packages/content/src/front-matter.js:6 -> js-yaml.safeLoad"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.safeLoad"], "paths": ["packages/web/pages/posts/[slug].js:page -> packages/web/pages/posts/[slug].js:7 -> packages/content/src/render.js:5 -> packages/content/src/front-matter.js:6 -> js-yaml.safeLoad"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (packages/web/__tests__/posts.test.js:1)"},
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "none", "reason": "marked is used by reachable code (packages/content/src/render.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "none", "reason": "marked is used by reachable code (packages/content/src/render.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "js-yaml is used by reachable code (packages/content/src/front-matter.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-pxg6-pf52-xh8x", "pkg": "cookie", "version": "0.6.0", "severity": "low", "cvss": null, "level": "none", "reason": "cookie is used by reachable code (packages/web/pages/api/preferences.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "mirrorctl-cli": {
    verdict: "block", total: 8, reachable: 3,
    // Click commands attached with `cli.add_command(...)` (one on a `click.Group("admin")`) and invoked with `ctx.invoke(verify, …)`; a `[project.scripts]` function in `__main__.py`; `from yaml import load` imported, never called.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["src/mirrorctl/__main__.py:__main__ -> src/mirrorctl/__main__.py:1 -> src/mirrorctl/cli.py:16 -> src/mirrorctl/commands/verify.py:10 -> src/mirrorctl/manifest.py:8 -> yaml.FullLoader", "src/mirrorctl/__main__.py:__main__ -> src/mirrorctl/__main__.py:1 -> src/mirrorctl/cli.py:16 -> src/mirrorctl/commands/verify.py:10 -> src/mirrorctl/manifest.py:8 -> yaml.load"]},
      {"id": "PYSEC-2022-42992", "pkg": "gitpython", "version": "3.1.29", "severity": "critical", "cvss": null, "level": "function", "symbols": ["git.Repo.clone_from"], "paths": ["src/mirrorctl/__main__.py:__main__ -> src/mirrorctl/__main__.py:1 -> src/mirrorctl/cli.py:18 -> src/mirrorctl/commands/clone.py:14 -> src/mirrorctl/git_ops.py:13 -> git.Repo.clone_from"]},
      {"id": "PYSEC-2023-137", "pkg": "gitpython", "version": "3.1.29", "severity": "critical", "cvss": null, "level": "function", "symbols": ["git.Repo.clone_from"], "paths": ["src/mirrorctl/__main__.py:__main__ -> src/mirrorctl/__main__.py:1 -> src/mirrorctl/cli.py:18 -> src/mirrorctl/commands/clone.py:14 -> src/mirrorctl/git_ops.py:13 -> git.Repo.clone_from"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_clone.py:1)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used by reachable code (src/mirrorctl/commands/report.py:2), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_clone.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (src/mirrorctl/commands/report.py:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_clone.py:1)"},
    ],
  },
  "flask-rq-exports": {
    verdict: "block", total: 9, reachable: 3,
    // RQ: `queue.enqueue(send_receipt, id)` (markdown2) and `queue.enqueue("exporter.jobs.exports.build_export", …)` by dotted path (jinja2 from_string), a job the worker imports and calls.
    findings: [
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["exporter/app.py:script -> exporter/app.py:19 -> exporter/app.py:21 -> exporter/jobs/receipts.py:8 -> markdown2.markdown"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["exporter/jobs/exports.py:job -> exporter/jobs/exports.py:7 -> exporter/rendering.py:7 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["exporter/jobs/exports.py:job -> exporter/jobs/exports.py:7 -> exporter/rendering.py:7 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (exporter/storage.py:4), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (exporter/images.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (exporter/images.py:1)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_app.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (exporter/rendering.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_app.py:1)"},
    ],
  },
  "sanic-shortener": {
    verdict: "block", total: 7, reachable: 3,
    // Sanic: a Blueprint's routes (`app.blueprint(bp)`), an `HTTPMethodView` added with `app.add_route(View.as_view(), …)`; yaml.load only in a function nothing calls.
    findings: [
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["shortener/server.py:server -> shortener/server.py:6 -> shortener/links.py:12 -> shortener/links.py:16 -> shortener/preview.py:5 -> markdown2.markdown"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["shortener/admin.py:views -> shortener/admin.py:10 -> shortener/pages.py:9 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["shortener/admin.py:views -> shortener/admin.py:10 -> shortener/pages.py:9 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (shortener/config.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_links.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (shortener/pages.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_links.py:1)"},
    ],
  },
  "pyramid-wiki": {
    verdict: "block", total: 8, reachable: 3,
    // Pyramid: the `paste.app_factory` entry point `wiki:main`, `config.include(".routes")` (includeme) and `config.scan(".views")` importing the `@view_config` modules (a function view, a `@view_defaults` class); lxml's clean_html only in dead code.
    findings: [
      {"id": "PYSEC-2021-140", "pkg": "pygments", "version": "2.7.3", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight"], "paths": ["wiki/views/code.py:scan -> wiki/views/code.py:8 -> wiki/views/code.py:12 -> wiki/views/code.py:15 -> wiki/highlight.py:7 -> pygments.highlight"]},
      {"id": "PYSEC-2021-141", "pkg": "pygments", "version": "2.7.3", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight"], "paths": ["wiki/views/code.py:scan -> wiki/views/code.py:8 -> wiki/views/code.py:12 -> wiki/views/code.py:15 -> wiki/highlight.py:7 -> pygments.highlight"]},
      {"id": "PYSEC-2017-18", "pkg": "mistune", "version": "0.8.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["mistune.markdown"], "paths": ["wiki/views/pages.py:scan -> wiki/views/pages.py:7 -> wiki/views/pages.py:11 -> wiki/render.py:5 -> mistune.markdown"]},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (wiki/sanitize.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (wiki/sanitize.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_live.py:1)"},
      {"id": "PYSEC-2021-19", "pkg": "lxml", "version": "4.6.2", "severity": "medium", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (wiki/sanitize.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_live.py:1)"},
    ],
  },
  "scrapy-pricewatch": {
    verdict: "block", total: 9, reachable: 3,
    // Scrapy: a Spider's callbacks, and the `ITEM_PIPELINES` / `DOWNLOADER_MIDDLEWARES` classes settings.py names by dotted path (process_item, process_request).
    findings: [
      {"id": "PYSEC-2021-333", "pkg": "sqlparse", "version": "0.4.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["pricewatch/pipelines.py:middleware -> pricewatch/pipelines.py:18 -> pricewatch/sql.py:6 -> sqlparse.format"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["pricewatch/spiders/shop.py:scan -> pricewatch/spiders/shop.py:18 -> pricewatch/text.py:5 -> markdown2.markdown"]},
      {"id": "PYSEC-2023-87", "pkg": "sqlparse", "version": "0.4.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["pricewatch/pipelines.py:middleware -> pricewatch/pipelines.py:18 -> pricewatch/sql.py:6 -> sqlparse.format"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used only by code that no entry point reaches (pricewatch/catalogs.py:1)"},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_sql.py:1)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used by reachable code (pricewatch/middlewares.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_sql.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (pricewatch/middlewares.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_sql.py:1)"},
    ],
  },
  "airflow-etl": {
    verdict: "block", total: 8, reachable: 3,
    // Airflow DAG files, imported by the scheduler: a `PythonOperator(python_callable=…)` and a TaskFlow `@dag`/`@task` pipeline; pandas.read_pickle only in a function no DAG calls.
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["dags/orders_ingest.py:dag -> dags/orders_ingest.py:15 -> etl/fetch.py:7 -> requests.get"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["dags/weekly_report.py:dag -> dags/weekly_report.py:20 -> dags/weekly_report.py:17 -> dags/weekly_report.py:15 -> etl/report.py:7 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["dags/weekly_report.py:dag -> dags/weekly_report.py:20 -> dags/weekly_report.py:17 -> dags/weekly_report.py:15 -> etl/report.py:7 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (etl/mapping.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-73", "pkg": "pandas", "version": "1.0.3", "severity": "critical", "cvss": null, "level": "none", "reason": "pandas is used by reachable code (etl/load.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; markdown2 is used only by code that no entry point reaches (tests/test_report.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (etl/report.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (etl/fetch.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "notesctl-cli": {
    verdict: "block", total: 7, reachable: 3,
    // Typer (`@app.command()`, `app.add_typer(...)`, the console script names the Typer object) and Fire (`fire.Fire(Admin)`: every public method is a command).
    findings: [
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["src/notesctl/cli.py:script -> src/notesctl/cli.py:10 -> src/notesctl/cli.py:14 -> src/notesctl/render.py:5 -> markdown2.markdown"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["src/notesctl/admin.py:script -> src/notesctl/admin.py:18 -> src/notesctl/admin.py:11 -> src/notesctl/site.py:10 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["src/notesctl/admin.py:script -> src/notesctl/admin.py:18 -> src/notesctl/admin.py:11 -> src/notesctl/site.py:10 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (src/notesctl/front_matter.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_render.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (src/notesctl/site.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_render.py:1)"},
    ],
  },
  "grpc-inventory": {
    verdict: "block", total: 9, reachable: 1,
    // A gRPC servicer (`class InventoryService(inventory_pb2_grpc.InventoryServicer)`); the protoc output (`*_pb2`, `*_pb2_grpc`) is generated at build time, not committed, and hides no code of ours.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["inventory/service.py:views -> inventory/service.py:13 -> inventory/catalog.py:5 -> yaml.FullLoader", "inventory/service.py:views -> inventory/service.py:13 -> inventory/catalog.py:5 -> yaml.load"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_service.py:1)"},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (inventory/feeds.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (inventory/feeds.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used by reachable code (inventory/http.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_service.py:1)"},
      {"id": "PYSEC-2021-19", "pkg": "lxml", "version": "4.6.2", "severity": "medium", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (inventory/feeds.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (inventory/http.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_service.py:1)"},
    ],
  },
  "azure-orders": {
    verdict: "block", total: 8, reachable: 2,
    // Azure Functions (Node.js v4 model): package.json `"main": "src/functions/*.js"` loads every function file; `app.http(…, { handler })`, `app.timer(…)`; jwt.verify only in a function nothing calls.
    findings: [
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/functions/reports.js:main -> src/functions/reports.js:2 -> src/lib/digest.js:3 -> lodash.template"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["src/functions/orders.js:main -> src/functions/orders.js:5 -> src/functions/orders.js:11 -> src/lib/order-xml.js:4 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/orders.test.js:3)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/lib/digest.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/lib/auth.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/lib/digest.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/lib/auth.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/lib/auth.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "electron-notes": {
    verdict: "block", total: 9, reachable: 5,
    // Electron main process: `ipcMain.handle` through a handler table registered in a loop over `Object.entries`, `ipcMain.on`; the window's unsandboxed `webPreferences.preload` script runs (semver.satisfies).
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.marked"], "paths": ["src/main.js:main -> src/main.js:17 -> src/main.js:19 -> src/ipc/notes.js:13 -> src/ipc/notes.js:9 -> src/lib/markdown.js:4 -> marked.marked"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.marked"], "paths": ["src/main.js:main -> src/main.js:17 -> src/main.js:19 -> src/ipc/notes.js:13 -> src/ipc/notes.js:9 -> src/lib/markdown.js:4 -> marked.marked"]},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "function", "symbols": ["semver.satisfies"], "paths": ["src/main.js:main -> src/main.js:17 -> src/main.js:24 -> src/main.js:12 -> src/preload.js:5 -> semver.satisfies"]},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "function", "symbols": ["tar.x"], "paths": ["src/main.js:main -> src/main.js:17 -> src/main.js:20 -> src/main.js:21 -> src/lib/backup.js:4 -> tar.x"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.safeLoad"], "paths": ["src/main.js:main -> src/main.js:17 -> src/main.js:18 -> src/lib/settings.js:6 -> js-yaml.safeLoad"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/lib/updates.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/settings.test.js:3)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/lib/updates.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/lib/updates.js:2), but none of its vulnerable symbols is called"},
    ],
  },
  "trpc-board": {
    verdict: "block", total: 12, reachable: 7,
    // tRPC procedures (`.query`/`.mutation` resolvers, a `t.middleware` guard) served by the Express adapter, and an Express router's `route("/exports/:id").get([requireKey, audit], handler)`; Handlebars.compile only in dead code.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/server.ts:main -> src/server.ts:3 -> src/routers/index.ts:2 -> src/routers/posts.ts:9 -> src/lib/markdown.ts:4 -> marked.parse"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/server.ts:main -> src/server.ts:5 -> src/rest/index.ts:3 -> src/rest/exports.ts:4 -> lodash.template"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/server.ts:main -> src/server.ts:3 -> src/routers/index.ts:2 -> src/routers/posts.ts:9 -> src/lib/markdown.ts:4 -> marked.parse"]},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/server.ts:main -> src/server.ts:3 -> src/routers/index.ts:1 -> src/trpc.ts:10 -> src/trpc.ts:11 -> src/lib/auth.ts:5 -> jsonwebtoken.verify"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["src/server.ts:main -> src/server.ts:3 -> src/routers/index.ts:3 -> src/routers/admin.ts:6 -> src/routers/admin.ts:7 -> src/lib/feeds.ts:4 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/server.ts:main -> src/server.ts:3 -> src/routers/index.ts:1 -> src/trpc.ts:10 -> src/trpc.ts:11 -> src/lib/auth.ts:5 -> jsonwebtoken.verify"]},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/server.ts:main -> src/server.ts:3 -> src/routers/index.ts:1 -> src/trpc.ts:10 -> src/trpc.ts:11 -> src/lib/auth.ts:5 -> jsonwebtoken.verify"]},
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used by reachable code (src/lib/emails.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used by reachable code (src/lib/emails.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/posts.test.ts:2)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/rest/exports.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/rest/exports.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "catalog-grpc": {
    verdict: "block", total: 6, reachable: 3,
    // @grpc/grpc-js `server.addService(def, { …implementations })`; protobufjs comes in through @grpc/proto-loader, whose code is not in the checkout: unknown.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/server.js:main -> src/server.js:21 -> src/server.js:12 -> src/handlers/products.js:18 -> src/lib/markdown.js:4 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/server.js:main -> src/server.js:21 -> src/server.js:12 -> src/handlers/products.js:18 -> src/lib/markdown.js:4 -> marked.parse"]},
      {"id": "GHSA-h755-8qp9-cq85", "pkg": "protobufjs", "version": "7.2.3", "severity": "critical", "cvss": null, "level": "unknown", "reason": "reached through @grpc/proto-loader (used at src/server.js:3), whose code is not in the checkout"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/server.js:main -> src/server.js:21 -> src/server.js:12 -> src/handlers/products.js:11 -> src/lib/import.js:4 -> js-yaml.load"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/products.test.js:3)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/handlers/clients.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "bottle-pastes": {
    verdict: "block", total: 9, reachable: 5,
    // Bottle: `@app.get`, `@app.route`, `api.route(…, callback=create)` on a mounted app; bottle's own `request.query` is the vulnerable symbol.
    findings: [
      {"id": "PYSEC-2021-140", "pkg": "pygments", "version": "2.7.3", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight", "pygments.lexers.get_lexer_by_name"], "paths": ["pastes/web.py:server -> pastes/web.py:10 -> pastes/web.py:13 -> pastes/pretty.py:7 -> pygments.highlight", "pastes/web.py:server -> pastes/web.py:10 -> pastes/web.py:13 -> pastes/pretty.py:7 -> pygments.lexers.get_lexer_by_name"]},
      {"id": "PYSEC-2021-141", "pkg": "pygments", "version": "2.7.3", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight", "pygments.lexers.get_lexer_by_name"], "paths": ["pastes/web.py:server -> pastes/web.py:10 -> pastes/web.py:13 -> pastes/pretty.py:7 -> pygments.highlight", "pastes/web.py:server -> pastes/web.py:10 -> pastes/web.py:13 -> pastes/pretty.py:7 -> pygments.lexers.get_lexer_by_name"]},
      {"id": "PYSEC-2021-333", "pkg": "sqlparse", "version": "0.4.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["pastes/api.py:server -> pastes/api.py:18 -> pastes/api.py:14 -> pastes/sqlfmt.py:5 -> sqlparse.format"]},
      {"id": "PYSEC-2021-129", "pkg": "bottle", "version": "0.12.18", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bottle.request.query"], "paths": ["pastes/web.py:server -> pastes/web.py:16 -> pastes/web.py:18 -> bottle.request.query"]},
      {"id": "PYSEC-2023-87", "pkg": "sqlparse", "version": "0.4.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["pastes/api.py:server -> pastes/api.py:18 -> pastes/api.py:14 -> pastes/sqlfmt.py:5 -> sqlparse.format"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (pastes/config.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_web.py:1)"},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "none", "reason": "markdown2 is used only by code that no entry point reaches (pastes/notes.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_web.py:1)"},
    ],
  },
  "litestar-media": {
    verdict: "block", total: 8, reachable: 3,
    // Litestar: `Controller` classes and `@get` functions in `route_handlers=[…]`, an `on_startup=[load_limits]` hook (functions in a list handed to the package).
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["media/app.py:script -> media/app.py:13 -> media/settings.py:8 -> yaml.FullLoader", "media/app.py:script -> media/app.py:13 -> media/settings.py:8 -> yaml.load"]},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["media/app.py:script -> media/app.py:3 -> media/controllers/images.py:7 -> media/controllers/images.py:10 -> media/controllers/images.py:12 -> media/imaging.py:7 -> PIL.Image.open"]},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.ImageDraw.Draw.text", "PIL.ImageFont.load_default"], "paths": ["media/app.py:script -> media/app.py:3 -> media/controllers/images.py:7 -> media/controllers/images.py:14 -> media/controllers/images.py:16 -> media/imaging.py:14 -> PIL.ImageDraw.Draw.text", "media/app.py:script -> media/app.py:3 -> media/controllers/images.py:7 -> media/controllers/images.py:14 -> media/controllers/images.py:16 -> media/imaging.py:14 -> PIL.ImageFont.load_default"]},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (media/feeds.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (media/feeds.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_app.py:1)"},
      {"id": "PYSEC-2021-19", "pkg": "lxml", "version": "4.6.2", "severity": "medium", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (media/feeds.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_app.py:1)"},
    ],
  },
  "gcf-thumbnails": {
    verdict: "block", total: 8, reachable: 3,
    // Google Cloud Functions (functions-framework): `ff.http("resize", handler)`, `ff.cloudEvent(…)`, an inline http handler; `"main": "build/src/index.js"` is the compiled src/index.ts.
    findings: [
      {"id": "GHSA-phwq-j96m-2c2q", "pkg": "ejs", "version": "3.1.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["ejs.render"], "paths": ["src/index.ts:main -> src/index.ts:8 -> src/index.ts:9 -> src/status.ts:6 -> ejs.render"]},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "function", "symbols": ["tar.x"], "paths": ["src/index.ts:main -> src/index.ts:7 -> src/archives.ts:8 -> tar.x"]},
      {"id": "GHSA-ghr5-ch3p-vcr6", "pkg": "ejs", "version": "3.1.6", "severity": "medium", "cvss": null, "level": "function", "symbols": ["ejs.render"], "paths": ["src/index.ts:main -> src/index.ts:8 -> src/index.ts:9 -> src/status.ts:6 -> ejs.render"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/resize.test.js:3)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/lib/sizes.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-54xq-cgqr-rpm3", "pkg": "sharp", "version": "0.32.0", "severity": "high", "cvss": null, "level": "none", "reason": "sharp is used only by code that no entry point reaches (src/legacy/sharp-resize.ts:1)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/lib/sizes.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/lib/sizes.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "adonis-blog": {
    verdict: "block", total: 8, reachable: 3,
    // AdonisJS v5: `.adonisrc.json` preloads start/routes and start/kernel; routes name controllers by string (`"PostsController.show"`), the kernel names middleware by its `App/…` alias.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["app/Controllers/Http/PostsController.ts:handler -> app/Controllers/Http/PostsController.ts:11 -> app/Services/Markdown.ts:4 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["app/Controllers/Http/PostsController.ts:handler -> app/Controllers/Http/PostsController.ts:11 -> app/Services/Markdown.ts:4 -> marked.parse"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["app/Controllers/Http/PostsController.ts:handler -> app/Controllers/Http/PostsController.ts:16 -> app/Services/FrontMatter.ts:5 -> js-yaml.load"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/posts.spec.ts:2)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (app/Controllers/Http/Admin/VersionsController.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (app/Middleware/Auth.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (app/Middleware/Auth.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (app/Middleware/Auth.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "sails-tickets": {
    verdict: "block", total: 10, reachable: 7,
    // Sails: config/routes.js binds "TicketController.show" and `{ action: "tickets/import-xml" }` (an actions2 `fn`); the api/policies/ policy guards them; an action no route names.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["api/controllers/TicketController.js:handler -> api/controllers/TicketController.js:7 -> api/lib/markdown.js:4 -> marked.parse"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["api/controllers/TicketController.js:handler -> api/controllers/TicketController.js:2 -> api/lib/export.js:3 -> lodash.template"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["api/controllers/TicketController.js:handler -> api/controllers/TicketController.js:7 -> api/lib/markdown.js:4 -> marked.parse"]},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["api/policies/is-logged-in.js:main -> api/policies/is-logged-in.js:6 -> jsonwebtoken.verify"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["api/controllers/tickets/import-xml.js:main -> api/controllers/tickets/import-xml.js:8 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["api/policies/is-logged-in.js:main -> api/policies/is-logged-in.js:6 -> jsonwebtoken.verify"]},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["api/policies/is-logged-in.js:main -> api/policies/is-logged-in.js:6 -> jsonwebtoken.verify"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/tickets.test.js:2)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (api/lib/export.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (api/lib/export.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "nuxt-recipes": {
    verdict: "block", total: 10, reachable: 2,
    // Nuxt 3 server routes (server/api, server/routes, server/middleware) over `~/server/utils/…` imports and
    // Nitro's auto-imported server/utils exports (`loadRecipe()` with no import; the server bundle imports those modules).
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.marked"], "paths": ["server/api/recipes/[slug].get.ts:route -> server/api/recipes/[slug].get.ts:3 -> server/api/recipes/[slug].get.ts:7 -> server/utils/render.ts:5 -> server/utils/render.ts:9 -> marked.marked"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.marked"], "paths": ["server/api/recipes/[slug].get.ts:route -> server/api/recipes/[slug].get.ts:3 -> server/api/recipes/[slug].get.ts:7 -> server/utils/render.ts:5 -> server/utils/render.ts:9 -> marked.marked"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/recipes.test.ts:2)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used only by code that no entry point reaches (utils/legacy-import.ts:1)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used only by code that no entry point reaches (utils/legacy-import.ts:1)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (server/middleware/auth.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used only by code that no entry point reaches (utils/legacy-import.ts:1)"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "js-yaml is used by reachable code (server/utils/store.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (server/middleware/auth.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (server/middleware/auth.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "astro-feeds": {
    verdict: "block", total: 4, reachable: 1,
    // Astro endpoints: `export const POST: APIRoute` in src/pages/api; a component module nothing imports (json5).
    findings: [
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["src/pages/api/import.ts:route -> src/pages/api/import.ts:8 -> src/lib/opml.ts:9 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/import.test.ts:2)"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "json5 is used only by code that no entry point reaches (src/lib/settings.ts:1)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/lib/compat.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "bun-pastebin": {
    verdict: "block", total: 9, reachable: 5,
    // Bun.serve({ routes: { path: { POST: h } | h }, fetch, websocket }) of package.json `module`; a template compiled at module top.
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/server.ts:main -> src/server.ts:1 -> src/handlers/pastes.ts:1 -> src/lib/render.ts:4 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/server.ts:main -> src/server.ts:1 -> src/handlers/pastes.ts:1 -> src/lib/render.ts:4 -> handlebars.compile"]},
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/server.ts:main -> src/server.ts:5 -> src/handlers/pastes.ts:15 -> src/lib/render.ts:7 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/server.ts:main -> src/server.ts:5 -> src/handlers/pastes.ts:15 -> src/lib/render.ts:7 -> marked.parse"]},
      {"id": "GHSA-wc69-rhjr-hc9g", "pkg": "moment", "version": "2.29.1", "severity": "high", "cvss": null, "level": "package", "paths": ["src/server.ts:main -> src/server.ts:5 -> src/handlers/pastes.ts:9 -> src/lib/dates.ts:4 -> moment", "src/server.ts:main -> src/server.ts:5 -> src/handlers/pastes.ts:9 -> src/lib/dates.ts:4 -> moment.format", "src/server.ts:main -> src/server.ts:5 -> src/handlers/pastes.ts:9 -> src/lib/dates.ts:4 -> moment.utc"], "reason": "no vulnerable symbols are known; moment is used by reachable code"},
      {"id": "GHSA-8hfj-j24r-96c4", "pkg": "moment", "version": "2.29.1", "severity": "high", "cvss": 7.5, "level": "none", "reason": "moment is used by reachable code (src/lib/dates.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/pastes.test.ts:2)"},
      {"id": "GHSA-jg8v-48h5-wgxg", "pkg": "jszip", "version": "3.6.0", "severity": "medium", "cvss": null, "level": "none", "reason": "jszip is used by reachable code (src/handlers/archive.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-36fh-84j7-cv5h", "pkg": "jszip", "version": "3.6.0", "severity": "medium", "cvss": null, "level": "none", "reason": "jszip is used by reachable code (src/handlers/archive.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "express-subapps": {
    verdict: "block", total: 9, reachable: 3,
    // An Express sub-app (`express()` in its own module) mounted with `app.use("/admin", admin)`; `router.param()` and
    // `router.route(p).get(h).patch(mw("x"), h)` chains; an error-handling middleware.
    findings: [
      {"id": "GHSA-ff7x-qrg7-qggm", "pkg": "dot-prop", "version": "5.1.0", "severity": "high", "cvss": 7.3, "level": "function", "symbols": ["dot-prop.set"], "paths": ["src/index.js:main -> src/index.js:9 -> src/api/index.js:11 -> src/api/items.js:17 -> dot-prop.set"]},
      {"id": "GHSA-qqgx-2p2h-9c37", "pkg": "ini", "version": "1.3.5", "severity": "high", "cvss": null, "level": "function", "symbols": ["ini.parse"], "paths": ["src/admin/index.js:server -> src/admin/index.js:7 -> src/middleware/auth.js:5 -> ini.parse"]},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "function", "symbols": ["tar.x"], "paths": ["src/admin/index.js:server -> src/admin/index.js:8 -> src/admin/backups.js:5 -> src/lib/archives.js:9 -> src/lib/archives.js:13 -> tar.x"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/items.test.js:2)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/middleware/audit.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/middleware/audit.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qw6h-vgh9-j6wx", "pkg": "express", "version": "4.19.2", "severity": "medium", "cvss": 5, "level": "none", "reason": "express is used by reachable code (src/admin/backups.js:6), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/middleware/audit.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "js-yaml is used by reachable code (src/lib/config.js:2), but none of its vulnerable symbols is called"},
    ],
  },
  "agenda-digest": {
    verdict: "block", total: 6, reachable: 3,
    // Agenda jobs: `agenda.define(name, { options }, async (job) => …)` and `define(name, fn)` in job modules that take the agenda.
    findings: [
      {"id": "GHSA-phwq-j96m-2c2q", "pkg": "ejs", "version": "3.1.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["ejs.renderFile"], "paths": ["lib/worker.js:script -> lib/worker.js:5 -> lib/jobs/email.js:5 -> lib/jobs/email.js:7 -> lib/services/digest.js:8 -> ejs.renderFile"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.Parser"], "paths": ["lib/worker.js:script -> lib/worker.js:6 -> lib/jobs/reports.js:4 -> lib/jobs/reports.js:9 -> lib/services/feeds.js:6 -> lib/services/feeds.js:7 -> lib/services/feeds.js:10 -> lib/services/feeds.js:16 -> xml2js.Parser"]},
      {"id": "GHSA-ghr5-ch3p-vcr6", "pkg": "ejs", "version": "3.1.6", "severity": "medium", "cvss": null, "level": "function", "symbols": ["ejs.renderFile"], "paths": ["lib/worker.js:script -> lib/worker.js:5 -> lib/jobs/email.js:5 -> lib/jobs/email.js:7 -> lib/services/digest.js:8 -> ejs.renderFile"]},
      {"id": "GHSA-2j2x-2gpw-g8fm", "pkg": "flat", "version": "5.0.0", "severity": "critical", "cvss": null, "level": "none", "reason": "flat is used by reachable code (lib/services/feeds.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-g4rg-993r-mgx7", "pkg": "shell-quote", "version": "1.7.2", "severity": "critical", "cvss": null, "level": "none", "reason": "shell-quote is used by reachable code (lib/services/mailer.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/digest.test.js:1)"},
    ],
  },
  "nexus-catalog": {
    verdict: "block", total: 8, reachable: 2,
    // Nexus code-first GraphQL: `resolve` functions in the objects handed to objectType()/mutationField(), served by Apollo.
    findings: [
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/server.ts:main -> src/server.ts:3 -> src/schema/index.ts:2 -> src/schema/product.ts:4 -> src/schema/product.ts:8 -> src/schema/product.ts:10 -> src/services/catalog.ts:6 -> lodash.template"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/server.ts:main -> src/server.ts:3 -> src/schema/index.ts:2 -> src/schema/product.ts:16 -> src/schema/product.ts:19 -> src/services/catalog.ts:11 -> js-yaml.load"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/catalog.test.ts:1)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/services/catalog.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/services/auth.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/services/catalog.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/services/auth.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/services/auth.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "cdk-ingest": {
    verdict: "block", total: 4, reachable: 2,
    // AWS CDK: a `NodejsFunction` `entry: path.join(__dirname, "../lambda/ingest.ts")` with `handler`, and a `lambda.Function`
    // `Code.fromAsset(path.join(__dirname, "../lambda"))` with `handler: "thumbs.main"`; `replay` is no handler (semver).
    findings: [
      {"id": "GHSA-54xq-cgqr-rpm3", "pkg": "sharp", "version": "0.32.0", "severity": "high", "cvss": null, "level": "package", "paths": ["lambda/thumbs.js:handler -> lambda/thumbs.js:5 -> sharp", "lambda/thumbs.js:handler -> lambda/thumbs.js:5 -> sharp.png", "lambda/thumbs.js:handler -> lambda/thumbs.js:5 -> sharp.resize", "lambda/thumbs.js:handler -> lambda/thumbs.js:5 -> sharp.toBuffer", "lambda/thumbs.js:handler -> lambda/thumbs.js:6 -> sharp.toString"], "reason": "no vulnerable symbols are known; sharp is used by reachable code"},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["lambda/ingest.ts:handler -> lambda/ingest.ts:8 -> lambda/shared/manifest.ts:5 -> lambda/shared/manifest.ts:9 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/ingest.test.ts:1)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (lambda/shared/versions.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "nest-scheduler": {
    verdict: "block", total: 6, reachable: 3,
    // NestJS providers only: `@Cron`/`@Interval` methods of an @Injectable task and an `@OnEvent` listener (no controller).
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/main.ts:script -> src/main.ts:2 -> src/app.module.ts:5 -> src/events/report.listener.ts:9 -> src/events/report.listener.ts:11 -> src/reports/report.service.ts:8 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/main.ts:script -> src/main.ts:2 -> src/app.module.ts:5 -> src/events/report.listener.ts:9 -> src/events/report.listener.ts:11 -> src/reports/report.service.ts:8 -> handlebars.compile"]},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "function", "symbols": ["tar.x"], "paths": ["src/main.ts:script -> src/main.ts:2 -> src/app.module.ts:4 -> src/tasks/cleanup.task.ts:12 -> src/tasks/cleanup.task.ts:14 -> src/tasks/snapshots.ts:4 -> src/tasks/snapshots.ts:8 -> tar.x"]},
      {"id": "GHSA-xvch-5gv4-984h", "pkg": "minimist", "version": "1.2.5", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "minimist is not imported by the project's code"},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/cleanup.spec.ts:1)"},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "none", "reason": "xml2js is used by reachable code (src/reports/report.service.ts:3), but none of its vulnerable symbols is called"},
    ],
  },
  "solid-tasks": {
    verdict: "block", total: 5, reachable: 3,
    // SolidStart: src/routes API route (`export function GET`) over the `~/*` tsconfig alias; a page calling a "use server" function
    // through createAsync (`new UAParser(ua)` on the required module is the UAParser symbol).
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/routes/api/tasks/[id].ts:route -> src/routes/api/tasks/[id].ts:5 -> src/lib/tasks.ts:6 -> src/lib/tasks.ts:10 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/routes/api/tasks/[id].ts:route -> src/routes/api/tasks/[id].ts:5 -> src/lib/tasks.ts:6 -> src/lib/tasks.ts:10 -> marked.parse"]},
      {"id": "GHSA-fhg7-m89q-25r3", "pkg": "ua-parser-js", "version": "0.7.31", "severity": "high", "cvss": null, "level": "function", "symbols": ["ua-parser-js.UAParser"], "paths": ["src/routes/index.tsx:route -> src/routes/index.tsx:6 -> src/lib/actions.ts:7 -> ua-parser-js.UAParser"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (tests/tasks.test.ts:1)"},
      {"id": "GHSA-pxg6-pf52-xh8x", "pkg": "cookie", "version": "0.6.0", "severity": "low", "cvss": null, "level": "none", "reason": "cookie is used by reachable code (src/lib/session.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "feathers-chat": {
    verdict: "block", total: 9, reachable: 2,
    // Feathers: `app.configure(fn)` chains, `app.use("messages", new MessageService())` (Feathers calls the service's methods),
    // hooks in arrays. (GHSA-rrrm does not name `parseInline`: `marked.parseInline` is that export, not a use below marked.marked.)
    findings: [
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parseInline"], "paths": ["lib/index.js:main -> lib/index.js:1 -> lib/app.js:10 -> lib/services/index.js:5 -> lib/services/messages/messages.service.js:5 -> lib/services/messages/messages.class.js:13 -> lib/services/messages/render.js:4 -> marked.parseInline"]},
      {"id": "GHSA-54xq-cgqr-rpm3", "pkg": "sharp", "version": "0.32.0", "severity": "high", "cvss": null, "level": "package", "paths": ["lib/index.js:main -> lib/index.js:1 -> lib/app.js:4 -> lib/services/index.js:2 -> lib/services/uploads/uploads.service.js:2 -> sharp"], "reason": "no vulnerable symbols are known; sharp is imported by reachable code"},
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "none", "reason": "marked is used by reachable code (lib/services/messages/render.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/app.test.js:2)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (lib/hooks/stamp-user.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (lib/hooks/stamp-user.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-jg8v-48h5-wgxg", "pkg": "jszip", "version": "3.6.0", "severity": "medium", "cvss": null, "level": "none", "reason": "jszip is used by reachable code (lib/services/uploads/uploads.service.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-36fh-84j7-cv5h", "pkg": "jszip", "version": "3.6.0", "severity": "medium", "cvss": null, "level": "none", "reason": "jszip is used by reachable code (lib/services/uploads/uploads.service.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (lib/hooks/stamp-user.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "quart-notes": {
    verdict: "block", total: 13, reachable: 5,
    // Quart blueprints (`@api.post`, `@live.websocket`) and `@app.before_serving`, served by hypercorn from the Procfile.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["notes/app.py:script -> notes/app.py:12 -> notes/app.py:14 -> notes/config.py:9 -> yaml.FullLoader", "notes/app.py:script -> notes/app.py:12 -> notes/app.py:14 -> notes/config.py:9 -> yaml.load"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["notes/app.py:script -> notes/app.py:3 -> notes/blueprints/api.py:17 -> notes/blueprints/api.py:19 -> notes/rendering.py:10 -> notes/rendering.py:18 -> markdown2.markdown", "notes/app.py:script -> notes/app.py:4 -> notes/blueprints/live.py:8 -> notes/blueprints/live.py:12 -> notes/rendering.py:14 -> notes/rendering.py:18 -> markdown2.markdown"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["notes/app.py:script -> notes/app.py:4 -> notes/blueprints/live.py:8 -> notes/blueprints/live.py:12 -> notes/rendering.py:14 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["notes/app.py:script -> notes/app.py:4 -> notes/blueprints/live.py:8 -> notes/blueprints/live.py:12 -> notes/rendering.py:14 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["notes/app.py:script -> notes/app.py:4 -> notes/blueprints/live.py:8 -> notes/blueprints/live.py:12 -> notes/rendering.py:14 -> bleach.clean"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_api.py:1)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used only by code that no entry point reaches (notes/sync.py:1)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_api.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (notes/rendering.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (notes/rendering.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (notes/rendering.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used only by code that no entry point reaches (notes/sync.py:1)"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_api.py:1)"},
    ],
  },
  "dash-metrics": {
    verdict: "block", total: 9, reachable: 2,
    // Plotly Dash with `use_pages=True`: pages/ modules calling `dash.register_page(__name__)` (Dash imports them), `@callback`s.
    findings: [
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["pages/uploads.py:page -> pages/uploads.py:14 -> pages/uploads.py:18 -> metrics/images.py:9 -> metrics/images.py:13 -> PIL.Image.open"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["app.py:__main__ -> app.py:15 -> app.py:17 -> metrics/health.py:5 -> requests.get"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_pages.py:1)"},
      {"id": "PYSEC-2020-73", "pkg": "pandas", "version": "1.0.3", "severity": "critical", "cvss": null, "level": "none", "reason": "pandas is used by reachable code (metrics/frames.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used only by code that no entry point reaches (metrics/scrape.py:1)"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used only by code that no entry point reaches (metrics/scrape.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (metrics/images.py:4), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-19", "pkg": "lxml", "version": "4.6.2", "severity": "medium", "cvss": null, "level": "none", "reason": "lxml is used only by code that no entry point reaches (metrics/scrape.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (metrics/health.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "streamlit-explorer": {
    verdict: "block", total: 10, reachable: 4,
    // Streamlit: the Dockerfile's `CMD ["streamlit", "run", "Home.py"]` and the pages/ scripts beside it; an `on_change=` callback.
    findings: [
      {"id": "PYSEC-2021-140", "pkg": "pygments", "version": "2.7.3", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight"], "paths": ["pages/2_Highlight.py:script -> pages/2_Highlight.py:10 -> pages/2_Highlight.py:7 -> explorer/highlight.py:7 -> pygments.highlight"]},
      {"id": "PYSEC-2021-141", "pkg": "pygments", "version": "2.7.3", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight"], "paths": ["pages/2_Highlight.py:script -> pages/2_Highlight.py:10 -> pages/2_Highlight.py:7 -> explorer/highlight.py:7 -> pygments.highlight"]},
      {"id": "PYSEC-2021-333", "pkg": "sqlparse", "version": "0.4.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["Home.py:script -> Home.py:12 -> explorer/queries.py:5 -> explorer/queries.py:9 -> sqlparse.format"]},
      {"id": "PYSEC-2023-87", "pkg": "sqlparse", "version": "0.4.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["Home.py:script -> Home.py:12 -> explorer/queries.py:5 -> explorer/queries.py:9 -> sqlparse.format"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (Home.py:9), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_queries.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used only by code that no entry point reaches (explorer/report.py:1)"},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used only by code that no entry point reaches (explorer/report.py:1)"},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used only by code that no entry point reaches (explorer/report.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_queries.py:1)"},
    ],
  },
  "pytest-goldens": {
    verdict: "block", total: 8, reachable: 1,
    // A pytest plugin: `[project.entry-points.pytest11]` names a module whose hooks pytest calls (`pytest_configure`).
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["src/pytest_goldens/plugin.py:plugin -> src/pytest_goldens/plugin.py:13 -> src/pytest_goldens/config.py:7 -> src/pytest_goldens/config.py:11 -> yaml.FullLoader", "src/pytest_goldens/plugin.py:plugin -> src/pytest_goldens/plugin.py:13 -> src/pytest_goldens/config.py:7 -> src/pytest_goldens/config.py:11 -> yaml.load"]},
      {"id": "PYSEC-2021-140", "pkg": "pygments", "version": "2.7.3", "severity": "high", "cvss": null, "level": "none", "reason": "pygments is used by reachable code (src/pytest_goldens/diffing.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-141", "pkg": "pygments", "version": "2.7.3", "severity": "high", "cvss": null, "level": "none", "reason": "pygments is used by reachable code (src/pytest_goldens/diffing.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_plugin.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (src/pytest_goldens/store.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (src/pytest_goldens/store.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (src/pytest_goldens/store.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_plugin.py:1)"},
    ],
  },
  "dramatiq-media": {
    verdict: "block", total: 8, reachable: 2,
    // Dramatiq actors: the Procfile's `dramatiq media.actors` imports the package, whose modules declare `@dramatiq.actor`s.
    findings: [
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["media/actors/__init__.py:script -> media/actors/__init__.py:3 -> media/actors/images.py:6 -> media/actors/images.py:8 -> media/imaging.py:5 -> media/imaging.py:11 -> PIL.Image.open"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["media/actors/__init__.py:script -> media/actors/__init__.py:4 -> media/actors/pages.py:7 -> media/actors/pages.py:10 -> media/fetching.py:5 -> requests.get"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_imaging.py:1)"},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used only by code that no entry point reaches (media/cleanup.py:1)"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used only by code that no entry point reaches (media/cleanup.py:1)"},
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "none", "reason": "PyJWT is used by reachable code (media/tokens.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (media/actors/images.py:8), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (media/fetching.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "apscheduler-sync": {
    verdict: "block", total: 10, reachable: 3,
    // APScheduler: `add_job("syncd.jobs:pull_feeds", …)` by textual reference and `@scheduler.scheduled_job`; `python -m syncd`.
    findings: [
      {"id": "PYSEC-2022-237", "pkg": "mistune", "version": "2.0.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["mistune.html"], "paths": ["syncd/__main__.py:__main__ -> syncd/__main__.py:1 -> syncd/scheduler.py:6 -> syncd/scheduler.py:10 -> syncd/digest.py:6 -> mistune.html"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.Session"], "paths": ["syncd/jobs.py:job -> syncd/jobs.py:7 -> syncd/remote.py:5 -> syncd/remote.py:9 -> requests.Session"]},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["requests.Session"], "paths": ["syncd/jobs.py:job -> syncd/jobs.py:7 -> syncd/remote.py:5 -> syncd/remote.py:9 -> requests.Session"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used only by code that no entry point reaches (syncd/settings.py:1)"},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_jobs.py:1)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_jobs.py:1)"},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (syncd/digest.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (syncd/digest.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (syncd/digest.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_jobs.py:1)"},
    ],
  },
  "bakectl-cli": {
    verdict: "block", total: 14, reachable: 3,
    // A setup.cfg `[options.entry_points]` console script (src layout) dispatching through a dict (`COMMANDS[args.command](…)`).
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.head"], "paths": ["src/bakectl/cli.py:script -> src/bakectl/cli.py:17 -> src/bakectl/commands.py:11 -> src/bakectl/remote.py:5 -> requests.head"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.get_template"], "paths": ["src/bakectl/cli.py:script -> src/bakectl/cli.py:17 -> src/bakectl/commands.py:6 -> src/bakectl/templates.py:7 -> jinja2.Environment.get_template"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.get_template"], "paths": ["src/bakectl/cli.py:script -> src/bakectl/cli.py:17 -> src/bakectl/commands.py:6 -> src/bakectl/templates.py:7 -> jinja2.Environment.get_template"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_cli.py:1)"},
      {"id": "PYSEC-2022-10", "pkg": "pillow", "version": "8.4.0", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pillow is used only by code that no entry point reaches (src/bakectl/images.py:1)"},
      {"id": "PYSEC-2022-8", "pkg": "pillow", "version": "8.4.0", "severity": "critical", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (src/bakectl/images.py:1)"},
      {"id": "PYSEC-2022-9", "pkg": "pillow", "version": "8.4.0", "severity": "critical", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (src/bakectl/images.py:1)"},
      {"id": "PYSEC-2022-168", "pkg": "pillow", "version": "8.4.0", "severity": "critical", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (src/bakectl/images.py:1)"},
      {"id": "PYSEC-2021-333", "pkg": "sqlparse", "version": "0.4.1", "severity": "high", "cvss": null, "level": "none", "reason": "sqlparse is used only by code that no entry point reaches (src/bakectl/sqlfmt.py:1)"},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "8.4.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (src/bakectl/images.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "8.4.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (src/bakectl/images.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (src/bakectl/templates.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-87", "pkg": "sqlparse", "version": "0.4.1", "severity": "medium", "cvss": null, "level": "none", "reason": "sqlparse is used only by code that no entry point reaches (src/bakectl/sqlfmt.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (src/bakectl/remote.py:1), but none of its vulnerable symbols is called"},
    ],
  },

  "django-channels-shop": {
    verdict: "block", total: 9, reachable: 5,
    // Django: a `@receiver(post_save)` in models.py (the view imports the model); a Channels consumer routed from
    // asgi.py's ProtocolTypeRouter (daphne in the Procfile).
    findings: [
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["shop/urls.py:urls -> shop/urls.py:3 -> orders/views.py:4 -> orders/models.py:13 -> orders/models.py:16 -> orders/images.py:5 -> orders/images.py:11 -> PIL.Image.open"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["shop/urls.py:urls -> shop/urls.py:6 -> orders/views.py:9 -> orders/formatting.py:5 -> markdown2.markdown"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["orders/consumers.py:views -> orders/consumers.py:13 -> orders/chat.py:5 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["orders/consumers.py:views -> orders/consumers.py:13 -> orders/chat.py:5 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["orders/consumers.py:views -> orders/consumers.py:13 -> orders/chat.py:5 -> bleach.clean"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_orders.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (orders/images.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used only by code that no entry point reaches (orders/sync.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used only by code that no entry point reaches (orders/sync.py:1)"},
    ],
  },

  "koa-inventory": {
    verdict: "block", total: 6, reachable: 2,
    // Koa with @koa/router modules in separate files nested by `api.use("/items", items.routes())`; a controller
    // method handed as `controller.list.bind(controller)`; lodash.template only in a method nothing calls.
    findings: [
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "function", "symbols": ["lodash.omit"], "paths": ["src/app.js:server -> src/app.js:4 -> src/routes/items.js:8 -> src/controllers/item-controller.js:10 -> src/controllers/item-controller.js:18 -> lodash.omit", "src/app.js:server -> src/app.js:4 -> src/routes/items.js:9 -> src/controllers/item-controller.js:14 -> src/controllers/item-controller.js:18 -> lodash.omit"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/app.js:server -> src/app.js:5 -> src/routes/imports.js:7 -> src/routes/imports.js:8 -> src/lib/manifest.js:5 -> js-yaml.load"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/items.test.js:1)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/controllers/item-controller.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/controllers/item-controller.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/lib/manifest.js:2), but none of its vulnerable symbols is called"},
    ],
  },
  "lambda-express-notes": {
    verdict: "block", total: 7, reachable: 4,
    // An Express app wrapped by serverless-http (`module.exports.handler = serverless(app)`) named by
    // serverless.yml; tar only in a handler file serverless.yml no longer names.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/app.js:server -> src/app.js:2 -> src/routes/notes.js:7 -> src/routes/notes.js:10 -> src/services/render.js:4 -> src/services/render.js:8 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/app.js:server -> src/app.js:2 -> src/routes/notes.js:7 -> src/routes/notes.js:10 -> src/services/render.js:4 -> src/services/render.js:8 -> marked.parse"]},
      {"id": "GHSA-rv95-896h-c2vc", "pkg": "express", "version": "4.18.2", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["express.response.redirect"], "paths": ["src/app.js:server -> src/app.js:2 -> src/routes/notes.js:7 -> src/routes/notes.js:9 -> express.response.redirect"]},
      {"id": "GHSA-qw6h-vgh9-j6wx", "pkg": "express", "version": "4.18.2", "severity": "medium", "cvss": 5, "level": "function", "symbols": ["express.response.redirect"], "paths": ["src/app.js:server -> src/app.js:2 -> src/routes/notes.js:7 -> src/routes/notes.js:9 -> express.response.redirect"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/notes.test.js:1)"},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "none", "reason": "tar is used only by code that no entry point reaches (src/admin/restore.js:1)"},
      {"id": "GHSA-pxg6-pf52-xh8x", "pkg": "cookie", "version": "0.6.0", "severity": "low", "cvss": null, "level": "none", "reason": "cookie is used by reachable code (src/services/session.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "fastify-reports-ts": {
    verdict: "block", total: 6, reachable: 2,
    // TypeScript Fastify with @fastify/autoload of plugins/ and routes/; handlebars.compile inside a
    // `fastify.decorate("renderTemplate", …)` arrow of a fastify-plugin (the route calls it through the instance).
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/plugins/templates.ts:exports -> src/plugins/templates.ts:11 -> src/plugins/templates.ts:12 -> src/plugins/templates.ts:12 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/plugins/templates.ts:exports -> src/plugins/templates.ts:11 -> src/plugins/templates.ts:12 -> src/plugins/templates.ts:12 -> handlebars.compile"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/summary.test.ts:1)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/plugins/auth.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/plugins/auth.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/plugins/auth.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "piscina-bundles": {
    verdict: "block", total: 5, reachable: 3,
    // A Piscina worker pool: `new Piscina({ filename: path.resolve(__dirname, "workers/inspect-bundle.js") })`
    // loads that module in each worker and calls its export for every pool.run(); minimist only in a script
    // nothing runs. (Before: jszip and semver were none.)
    findings: [
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "function", "symbols": ["semver.validRange"], "paths": ["src/server.js:main -> src/server.js:5 -> src/workers/inspect-bundle.js:7 -> src/lib/engines.js:5 -> semver.validRange"]},
      {"id": "GHSA-jg8v-48h5-wgxg", "pkg": "jszip", "version": "3.6.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jszip.loadAsync"], "paths": ["src/server.js:main -> src/server.js:5 -> src/workers/inspect-bundle.js:5 -> jszip.loadAsync"]},
      {"id": "GHSA-36fh-84j7-cv5h", "pkg": "jszip", "version": "3.6.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jszip.loadAsync"], "paths": ["src/server.js:main -> src/server.js:5 -> src/workers/inspect-bundle.js:5 -> jszip.loadAsync"]},
      {"id": "GHSA-xvch-5gv4-984h", "pkg": "minimist", "version": "1.2.5", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "minimist is used only by code that no entry point reaches (scripts/bulk-inspect.js:3)"},
      {"id": "GHSA-qw6h-vgh9-j6wx", "pkg": "express", "version": "4.19.2", "severity": "medium", "cvss": 5, "level": "none", "reason": "express is used by reachable code (src/server.js:2), but none of its vulnerable symbols is called"},
    ],
  },
  "next-drafts": {
    verdict: "block", total: 8, reachable: 6,
    // Next.js app router: middleware.ts (jsonwebtoken.verify), a server action ("use server") handed to a page's
    // `<form action={saveDraft}>`; xml2js's parser only in a module no page imports.
    findings: [
      {"id": "GHSA-f82v-jwr5-mffw", "pkg": "next", "version": "14.1.4", "severity": "critical", "cvss": null, "level": "package", "paths": ["middleware.ts:route -> middleware.ts:6 -> next/server.NextResponse.redirect", "middleware.ts:route -> middleware.ts:7 -> next/server.NextResponse.next", "app/drafts/new/page.tsx:page -> app/drafts/new/page.tsx:5 -> app/drafts/new/actions.ts:10 -> next/navigation.redirect"], "reason": "no vulnerable symbols are known; next is used by reachable code"},
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["app/drafts/new/page.tsx:page -> app/drafts/new/page.tsx:5 -> app/drafts/new/actions.ts:9 -> lib/markdown.ts:4 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["app/drafts/new/page.tsx:page -> app/drafts/new/page.tsx:5 -> app/drafts/new/actions.ts:9 -> lib/markdown.ts:4 -> marked.parse"]},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["middleware.ts:route -> middleware.ts:5 -> lib/auth.ts:6 -> jsonwebtoken.verify"]},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["middleware.ts:route -> middleware.ts:5 -> lib/auth.ts:6 -> jsonwebtoken.verify"]},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["middleware.ts:route -> middleware.ts:5 -> lib/auth.ts:6 -> jsonwebtoken.verify"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (__tests__/auth.test.ts:1)"},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "none", "reason": "xml2js is used by reachable code (app/api/export/route.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "feedctl-cli": {
    verdict: "block", total: 4, reachable: 2,
    // A commander CLI from package.json bin: `program.command(…).action(importCommand.action)`,
    // `program.addCommand(publish.command())`, a `preAction` hook; tar.x only in a command file nothing registers.
    findings: [
      {"id": "GHSA-qqgx-2p2h-9c37", "pkg": "ini", "version": "1.3.5", "severity": "high", "cvss": null, "level": "function", "symbols": ["ini.parse"], "paths": ["bin/feedctl.js:bin -> bin/feedctl.js:4 -> src/cli.js:9 -> src/cli.js:10 -> src/lib/config.js:7 -> ini.parse"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["bin/feedctl.js:bin -> bin/feedctl.js:4 -> src/cli.js:12 -> src/commands/import.js:5 -> src/lib/feed.js:4 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-xvch-5gv4-984h", "pkg": "minimist", "version": "1.2.5", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; minimist is used only by code that no entry point reaches (test/feed.test.js:3)"},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "none", "reason": "tar is used by reachable code (src/commands/publish.js:2), but none of its vulnerable symbols is called"},
    ],
  },
  "rc-invoices": {
    verdict: "block", total: 8, reachable: 2,
    // routing-controllers: `createExpressServer({ controllers: [InvoiceController] })` (decorated controller
    // classes); handlebars only in the old PDF module nothing imports; express used by type only.
    findings: [
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/index.ts:main -> src/index.ts:3 -> src/controllers/InvoiceController.ts:13 -> src/controllers/InvoiceController.ts:15 -> src/services/InvoiceService.ts:13 -> lodash.template"]},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "function", "symbols": ["lodash.omit"], "paths": ["src/index.ts:main -> src/index.ts:3 -> src/controllers/InvoiceController.ts:8 -> src/controllers/InvoiceController.ts:10 -> src/services/InvoiceService.ts:9 -> lodash.omit"]},
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used only by code that no entry point reaches (src/services/LegacyPdf.ts:1)"},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used only by code that no entry point reaches (src/services/LegacyPdf.ts:1)"},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/health.test.ts:1)"},
      {"id": "GHSA-rv95-896h-c2vc", "pkg": "express", "version": "4.18.2", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "express is not imported by the project's code"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/services/InvoiceService.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qw6h-vgh9-j6wx", "pkg": "express", "version": "4.18.2", "severity": "medium", "cvss": 5, "level": "none", "reason": "express is not imported by the project's code"},
    ],
  },
  "flask-gunicorn-notes": {
    verdict: "block", total: 9, reachable: 2,
    // Flask app factory named by gunicorn.conf.py `wsgi_app = "notes:create_app()"`, whose `post_fork` server hook
    // calls requests.get (Makefile `run: gunicorn -c gunicorn.conf.py`). (Before: requests was none.)
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["notes/__init__.py:script -> notes/__init__.py:9 -> notes/views/imports.py:9 -> notes/views/imports.py:11 -> yaml.FullLoader", "notes/__init__.py:script -> notes/__init__.py:9 -> notes/views/imports.py:9 -> notes/views/imports.py:11 -> yaml.load"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["gunicorn.conf.py:gunicorn -> gunicorn.conf.py:11 -> notes/cache.py:7 -> requests.get"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_imports.py:1)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_imports.py:1)"},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (notes/store.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (notes/store.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (notes/store.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (notes/cache.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_imports.py:1)"},
    ],
  },
  "drf-bookmarks": {
    verdict: "block", total: 16, reachable: 2,
    // DRF ModelViewSet on a DefaultRouter with an `@action` (requests.get) and a serializer's
    // SerializerMethodField `get_notes_html` (markdown2); PyYAML only in an importer nothing imports.
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["bookmarks/views.py:views -> bookmarks/views.py:17 -> bookmarks/fetch.py:9 -> requests.get"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["bookmarks/serializers.py:views -> bookmarks/serializers.py:15 -> markdown2.markdown"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used only by code that no entry point reaches (bookmarks/importers.py:1)"},
      {"id": "PYSEC-2024-70", "pkg": "django", "version": "4.2.11", "severity": "critical", "cvss": null, "level": "none", "reason": "django is used by reachable code (bookmarks/models.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-56", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (bookmarks/models.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-59", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (bookmarks/models.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-67", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (bookmarks/models.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-68", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (bookmarks/models.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-69", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (bookmarks/models.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-102", "pkg": "django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "django is used by reachable code (bookmarks/models.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; bleach is used only by code that no entry point reaches (bookmarks/tests/test_serializers.py:1)"},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; bleach is used only by code that no entry point reaches (bookmarks/tests/test_serializers.py:1)"},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; bleach is used only by code that no entry point reaches (bookmarks/tests/test_serializers.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (bookmarks/fetch.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-57", "pkg": "django", "version": "4.2.11", "severity": "medium", "cvss": null, "level": "none", "reason": "django is used by reachable code (bookmarks/models.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-58", "pkg": "django", "version": "4.2.11", "severity": "low", "cvss": null, "level": "none", "reason": "django is used by reachable code (bookmarks/models.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "starlette-thumbs": {
    verdict: "block", total: 7, reachable: 4,
    // Starlette `Mount("/api", routes=api.routes)`, a mounted sub-app `Mount("/admin", app=admin_app)` and an
    // asynccontextmanager lifespan (yaml.full_load), from the Dockerfile's uvicorn CMD.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.full_load"], "paths": ["thumbs/main.py:script -> thumbs/main.py:17 -> thumbs/main.py:13 -> thumbs/settings.py:6 -> yaml.full_load"]},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["thumbs/main.py:script -> thumbs/main.py:6 -> thumbs/api.py:22 -> thumbs/api.py:11 -> thumbs/api.py:15 -> PIL.Image.open"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["thumbs/admin.py:server -> thumbs/admin.py:15 -> thumbs/admin.py:11 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["thumbs/admin.py:server -> thumbs/admin.py:15 -> thumbs/admin.py:11 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2022-183", "pkg": "httpx", "version": "0.18.2", "severity": "critical", "cvss": null, "level": "none", "reason": "dev dependency; httpx is used only by code that no entry point reaches (tests/test_api.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (thumbs/api.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (thumbs/admin.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "mirrorsync-cli": {
    verdict: "block", total: 9, reachable: 4,
    // setup.cfg console script to a click group whose subcommands come from other modules by
    // `main.add_command(pull)`; GitPython only in a command nothing registers.
    findings: [
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "function", "symbols": ["urllib3.PoolManager"], "paths": ["src/mirrorsync/cli.py:script -> src/mirrorsync/cli.py:15 -> src/mirrorsync/commands/pull.py:11 -> src/mirrorsync/transport.py:9 -> urllib3.PoolManager"]},
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["jwt.decode"], "paths": ["src/mirrorsync/cli.py:script -> src/mirrorsync/cli.py:12 -> jwt.decode"]},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "function", "symbols": ["urllib3.PoolManager"], "paths": ["src/mirrorsync/cli.py:script -> src/mirrorsync/cli.py:15 -> src/mirrorsync/commands/pull.py:11 -> src/mirrorsync/transport.py:9 -> urllib3.PoolManager"]},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "function", "symbols": ["urllib3.PoolManager"], "paths": ["src/mirrorsync/cli.py:script -> src/mirrorsync/cli.py:15 -> src/mirrorsync/commands/pull.py:11 -> src/mirrorsync/transport.py:9 -> urllib3.PoolManager"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_cli.py:1)"},
      {"id": "PYSEC-2022-42992", "pkg": "GitPython", "version": "3.1.29", "severity": "critical", "cvss": null, "level": "none", "reason": "GitPython is used only by code that no entry point reaches (src/mirrorsync/commands/clone.py:2)"},
      {"id": "PYSEC-2023-137", "pkg": "GitPython", "version": "3.1.29", "severity": "critical", "cvss": null, "level": "none", "reason": "GitPython is used only by code that no entry point reaches (src/mirrorsync/commands/clone.py:2)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used by reachable code (src/mirrorsync/commands/pull.py:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (src/mirrorsync/commands/pull.py:2), but none of its vulnerable symbols is called"},
    ],
  },
  "zappa-shortlinks": {
    verdict: "block", total: 9, reachable: 5,
    // Zappa: zappa_settings.json `app_function` (the Flask app) and a scheduled `events[].function`
    // (sqlparse.format); requests only in a function no event names. (Before: sqlparse was none.)
    findings: [
      {"id": "PYSEC-2021-333", "pkg": "sqlparse", "version": "0.4.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["links/maintenance.py:handler -> links/maintenance.py:13 -> sqlparse.format"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["links/app.py:handler -> links/app.py:10 -> links/app.py:13 -> links/text.py:5 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["links/app.py:handler -> links/app.py:10 -> links/app.py:13 -> links/text.py:5 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["links/app.py:handler -> links/app.py:10 -> links/app.py:13 -> links/text.py:5 -> bleach.clean"]},
      {"id": "PYSEC-2023-87", "pkg": "sqlparse", "version": "0.4.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["links/maintenance.py:handler -> links/maintenance.py:13 -> sqlparse.format"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_app.py:1)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used only by code that no entry point reaches (links/maintenance.py:20)"},
      {"id": "PYSEC-2022-25", "pkg": "ujson", "version": "5.0.0", "severity": "medium", "cvss": null, "level": "none", "reason": "ujson is used by reachable code (links/app.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used only by code that no entry point reaches (links/maintenance.py:20)"},
    ],
  },
  "expressgen-wiki": {
    verdict: "block", total: 8, reachable: 2,
    // express-generator layout (bin/www with no extension, app.js, routes/): dot-prop.set from a route;
    // `app.set("view engine", "pug")` makes res.render call pug's __express (renderFile). (Before: pug was none.)
    findings: [
      {"id": "GHSA-ff7x-qrg7-qggm", "pkg": "dot-prop", "version": "5.1.0", "severity": "high", "cvss": 7.3, "level": "function", "symbols": ["dot-prop.set"], "paths": ["app.js:server -> app.js:8 -> routes/pages.js:9 -> routes/pages.js:11 -> lib/pages.js:11 -> dot-prop.set"]},
      {"id": "GHSA-p493-635q-r6gr", "pkg": "pug", "version": "3.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["pug.__express"], "paths": ["app.js:server -> app.js:13 -> pug.__express"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (lib/pages.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-rv95-896h-c2vc", "pkg": "express", "version": "4.16.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "express is used by reachable code (app.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (lib/pages.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qw6h-vgh9-j6wx", "pkg": "express", "version": "4.16.1", "severity": "medium", "cvss": 5, "level": "none", "reason": "express is used by reachable code (app.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (lib/pages.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "js-yaml is used only by code that no entry point reaches (scripts/import-yaml.js:3)"},
    ],
  },
  "celery-beat-billing": {
    verdict: "block", total: 8, reachable: 4,
    // Celery beat schedule naming tasks by string, `@app.task` in a module found by
    // autodiscover_tasks(related_name="jobs"), and a class-based task `app.register_task(ReconcileTask())` whose
    // run() the worker calls. (Before: requests was none.)
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.Session"], "paths": ["billing/reconcile.py:views -> billing/reconcile.py:10 -> billing/psp.py:7 -> requests.Session"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["billing/jobs.py:task -> billing/jobs.py:7 -> jinja2.Template"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["billing/jobs.py:task -> billing/jobs.py:7 -> jinja2.Template"]},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["requests.Session"], "paths": ["billing/reconcile.py:views -> billing/reconcile.py:10 -> billing/psp.py:7 -> requests.Session"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_jobs.py:1)"},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (billing/letterhead.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used only by code that no entry point reaches (billing/letterhead.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (billing/jobs.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "htmlkit-cli": {
    verdict: "block", total: 7, reachable: 4,
    // Typer app from poetry.lock's project (`[tool.poetry.scripts]`) with sub-apps `app.add_typer(clean.app)`;
    // lxml's Cleaner at module level, pygments.guess_lexer only in a function nothing calls.
    findings: [
      {"id": "PYSEC-2021-140", "pkg": "pygments", "version": "2.7.3", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight"], "paths": ["htmlkit/main.py:script -> htmlkit/main.py:3 -> htmlkit/commands/show.py:11 -> htmlkit/commands/show.py:13 -> pygments.highlight"]},
      {"id": "PYSEC-2021-141", "pkg": "pygments", "version": "2.7.3", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight"], "paths": ["htmlkit/main.py:script -> htmlkit/main.py:3 -> htmlkit/commands/show.py:11 -> htmlkit/commands/show.py:13 -> pygments.highlight"]},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["htmlkit/main.py:script -> htmlkit/main.py:3 -> htmlkit/commands/clean.py:5 -> htmlkit/sanitize.py:3 -> lxml.html.clean.Cleaner", "htmlkit/main.py:script -> htmlkit/main.py:3 -> htmlkit/commands/clean.py:10 -> htmlkit/commands/clean.py:12 -> htmlkit/sanitize.py:7 -> lxml.html.clean.Cleaner.clean_html"]},
      {"id": "PYSEC-2021-19", "pkg": "lxml", "version": "4.6.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["htmlkit/main.py:script -> htmlkit/main.py:3 -> htmlkit/commands/clean.py:5 -> htmlkit/sanitize.py:3 -> lxml.html.clean.Cleaner", "htmlkit/main.py:script -> htmlkit/main.py:3 -> htmlkit/commands/clean.py:10 -> htmlkit/commands/clean.py:12 -> htmlkit/sanitize.py:7 -> lxml.html.clean.Cleaner.clean_html"]},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (htmlkit/sanitize.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_sanitize.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_sanitize.py:1)"},
    ],
  },
  "bun-hono-feeds": {
    verdict: "block", total: 5, reachable: 2,
    // Bun + Hono: `export default { fetch: app.fetch }`, `app.route("/api", createApi({ feeds: new FeedService()
    // }))` (a service handed in an object), a chained `new Hono().post(…)`. GHSA-rrrm does not list parseInline:
    // `marked.parseInline` is none there. (Before: rrrm was function.)
    findings: [
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parseInline"], "paths": ["src/api/preview.ts:server -> src/api/preview.ts:4 -> src/api/preview.ts:6 -> src/services/render.ts:4 -> marked.parseInline"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["src/index.ts:main -> src/index.ts:6 -> src/api/index.ts:7 -> src/api/index.ts:8 -> src/services/feed-service.ts:6 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "none", "reason": "marked is used by reachable code (src/services/render.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/render.test.ts:1)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/services/feed-service.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "aiohttp-webhooks": {
    verdict: "block", total: 8, reachable: 2,
    // aiohttp `web.RouteTableDef()` routes in their own module, `@web.middleware` in a middlewares list,
    // `app.on_startup.append(…)`, run by `python -m hooks` (Procfile); lxml.etree.canonicalize only in a function
    // nothing calls.
    findings: [
      {"id": "PYSEC-2022-202", "pkg": "pyjwt", "version": "1.7.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["jwt.decode"], "paths": ["hooks/__main__.py:__main__ -> hooks/__main__.py:5 -> hooks/app.py:13 -> hooks/security.py:9 -> jwt.decode", "hooks/app.py:server -> hooks/app.py:5 -> hooks/security.py:5 -> hooks/security.py:9 -> jwt.decode"]},
      {"id": "PYSEC-2022-25", "pkg": "ujson", "version": "5.0.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["ujson.dumps"], "paths": ["hooks/app.py:server -> hooks/app.py:4 -> hooks/routes.py:9 -> hooks/routes.py:12 -> ujson.dumps"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (hooks/config.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (hooks/feeds.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (hooks/feeds.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_routes.py:1)"},
      {"id": "PYSEC-2021-19", "pkg": "lxml", "version": "4.6.2", "severity": "medium", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (hooks/feeds.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_routes.py:1)"},
    ],
  },
  "elysia-pastes": {
    verdict: "block", total: 4, reachable: 2,
    // An Elysia app (`module` of package.json) whose routes are Elysia sub-apps joined by `.group("/api", (api) => api.use(pastes))`;
    // meta.ts imports ../../package.json (a checkout file that is no source: not a missing module).
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/routes/pastes.ts:server -> src/routes/pastes.ts:9 -> src/routes/pastes.ts:11 -> src/lib/render.ts:9 -> src/lib/render.ts:14 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/routes/pastes.ts:server -> src/routes/pastes.ts:9 -> src/routes/pastes.ts:11 -> src/lib/render.ts:9 -> src/lib/render.ts:14 -> marked.parse"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/pastes.test.ts:2)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/routes/meta.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "itty-feeds": {
    verdict: "block", total: 5, reachable: 1,
    // An itty-router AutoRouter in a Cloudflare Worker (`export default { ...router }`, wrangler.toml main); lodash.template only in an
    // exported function nothing calls (no entry: the worker's main is index.js, not list.js).
    findings: [
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/index.js:main -> src/index.js:9 -> src/handlers/import.js:5 -> src/lib/subscriptions.js:4 -> js-yaml.load"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/handlers/list.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/import.test.js:2)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/handlers/list.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/handlers/list.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "vscode-mdpreview": {
    verdict: "block", total: 7, reachable: 3,
    // A VS Code extension: package.json main `./out/extension.js` (tsc outDir) is src/extension.ts, whose activate() registers
    // commands; Handlebars only in a file nothing imports. minimatch's advisory names no function: package level.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/extension.ts:main -> src/extension.ts:12 -> src/preview/export.ts:11 -> src/preview/render.ts:4 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/extension.ts:main -> src/extension.ts:12 -> src/preview/export.ts:11 -> src/preview/render.ts:4 -> marked.parse"]},
      {"id": "GHSA-f8q6-p94x-37v3", "pkg": "minimatch", "version": "3.0.4", "severity": "high", "cvss": null, "level": "package", "paths": ["src/extension.ts:main -> src/extension.ts:12 -> src/preview/export.ts:9 -> minimatch"], "reason": "no vulnerable symbols are known; minimatch is used by reachable code"},
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used only by code that no entry point reaches (src/preview/legacy-template.ts:1)"},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "handlebars is used only by code that no entry point reaches (src/preview/legacy-template.ts:1)"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (src/test/suite/render.test.ts:2)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/extension.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "sls-ts-orders": {
    verdict: "block", total: 5, reachable: 1,
    // Serverless Framework aws-nodejs-typescript template: serverless.ts lists function modules whose
    // `handler: `${handlerPath(__dirname)}/handler.main`` names the handler file beside them (read as text).
    findings: [
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["src/functions/importCatalog/handler.ts:handler -> src/functions/importCatalog/handler.ts:6 -> src/services/catalog.ts:9 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (tests/pricing.test.ts:1)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/services/pricing.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/services/pricing.ts:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/services/pricing.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "firebase-invites": {
    verdict: "block", total: 6, reachable: 2,
    // Firebase Cloud Functions in functions/ (main lib/index.js = src/index.ts re-exporting v2 triggers); jwt.sign only in
    // signInvite, which index.ts does not export.
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["functions/src/index.ts:main -> functions/src/index.ts:5 -> functions/src/invites/send.ts:5 -> functions/src/invites/send.ts:8 -> functions/src/lib/email.ts:6 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["functions/src/index.ts:main -> functions/src/index.ts:5 -> functions/src/invites/send.ts:5 -> functions/src/invites/send.ts:8 -> functions/src/lib/email.ts:6 -> handlebars.compile"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (functions/test/email.test.ts:2)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (functions/src/invites/accept.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (functions/src/invites/accept.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (functions/src/invites/accept.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "probot-triage": {
    verdict: "block", total: 4, reachable: 1,
    // A Probot app (`module.exports = (app) => { app.on(event, handler) }`); minimist only in a CLI file nothing imports.
    findings: [
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["index.js:main -> index.js:10 -> index.js:11 -> lib/labels.js:4 -> lib/config.js:6 -> lib/config.js:10 -> js-yaml.load"]},
      {"id": "GHSA-xvch-5gv4-984h", "pkg": "minimist", "version": "1.2.5", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "minimist is used only by code that no entry point reaches (lib/cli.js:2)"},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/index.test.js:2)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (lib/releases.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "express-importers": {
    verdict: "block", total: 5, reachable: 2,
    // A Map registry (`registry.set("yaml", fromYaml)`) references the importers; the route calls them through a service.
    // Evidence prefers the path of calls over the (equally short) path through the reference.
    findings: [
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["src/server.js:main -> src/server.js:6 -> src/routes/imports.js:6 -> src/services/catalog.js:5 -> src/importers/xml.js:4 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/server.js:main -> src/server.js:6 -> src/routes/imports.js:6 -> src/services/catalog.js:6 -> src/importers/yaml.js:4 -> js-yaml.load"]},
      {"id": "GHSA-qqgx-2p2h-9c37", "pkg": "ini", "version": "1.3.5", "severity": "high", "cvss": null, "level": "none", "reason": "ini is used by reachable code (src/routes/imports.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/catalog.test.js:2)"},
      {"id": "GHSA-qw6h-vgh9-j6wx", "pkg": "express", "version": "4.19.2", "severity": "medium", "cvss": 5, "level": "none", "reason": "express is used by reachable code (src/routes/imports.js:7), but none of its vulnerable symbols is called"},
    ],
  },
  "gradio-captioner": {
    verdict: "block", total: 8, reachable: 3,
    // A Gradio Blocks script (Hugging Face Space app.py): `button.click(fn=describe)`, `upload.change(thumbnail)` and a lambda.
    findings: [
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["app.py:main -> app.py:16 -> captioner/images.py:9 -> captioner/images.py:5 -> PIL.Image.open", "app.py:main -> app.py:17 -> captioner/images.py:15 -> captioner/images.py:5 -> PIL.Image.open"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["app.py:main -> app.py:18 -> captioner/report.py:8 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["app.py:main -> app.py:18 -> captioner/report.py:8 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (captioner/config.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (captioner/images.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_images.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (captioner/report.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_images.py:1)"},
    ],
  },
  "ninja-events": {
    verdict: "block", total: 18, reachable: 6,
    // django-ninja: `path("api/", api.urls)`, `@router.post` on a Router added with add_router, and a router named by string
    // (`api.add_router("/feeds/", "events.feeds.router")`), whose module builds a PoolManager at import.
    findings: [
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "function", "symbols": ["urllib3.PoolManager"], "paths": ["events/feeds.py:module -> events/feeds.py:6 -> urllib3.PoolManager"]},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "function", "symbols": ["urllib3.PoolManager"], "paths": ["events/feeds.py:module -> events/feeds.py:6 -> urllib3.PoolManager"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["eventsite/urls.py:urls -> eventsite/urls.py:3 -> eventsite/api.py:3 -> events/api.py:17 -> events/api.py:21 -> events/text.py:7 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["eventsite/urls.py:urls -> eventsite/urls.py:3 -> eventsite/api.py:3 -> events/api.py:17 -> events/api.py:21 -> events/text.py:7 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["eventsite/urls.py:urls -> eventsite/urls.py:3 -> eventsite/api.py:3 -> events/api.py:17 -> events/api.py:21 -> events/text.py:7 -> bleach.clean"]},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "function", "symbols": ["urllib3.PoolManager"], "paths": ["events/feeds.py:module -> events/feeds.py:6 -> urllib3.PoolManager"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (events/feeds.py:2), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-70", "pkg": "Django", "version": "4.2.11", "severity": "critical", "cvss": null, "level": "none", "reason": "Django is used by reachable code (events/api.py:19), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-56", "pkg": "Django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "Django is used by reachable code (events/api.py:19), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-59", "pkg": "Django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "Django is used by reachable code (events/api.py:19), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-67", "pkg": "Django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "Django is used by reachable code (events/api.py:19), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-68", "pkg": "Django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "Django is used by reachable code (events/api.py:19), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-69", "pkg": "Django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "Django is used by reachable code (events/api.py:19), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-102", "pkg": "Django", "version": "4.2.11", "severity": "high", "cvss": null, "level": "none", "reason": "Django is used by reachable code (events/api.py:19), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (events/tests/test_api.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (events/tests/test_api.py:1)"},
      {"id": "PYSEC-2024-57", "pkg": "Django", "version": "4.2.11", "severity": "medium", "cvss": null, "level": "none", "reason": "Django is used by reachable code (events/api.py:19), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-58", "pkg": "Django", "version": "4.2.11", "severity": "low", "cvss": null, "level": "none", "reason": "Django is used by reachable code (events/api.py:19), but none of its vulnerable symbols is called"},
    ],
  },
  "socketio-whiteboard": {
    verdict: "block", total: 6, reachable: 1,
    // Flask-SocketIO `@socketio.on(event)` handlers in a module the app factory imports; Image.open and yaml only in an unimported module.
    findings: [
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["whiteboard/__init__.py:server -> whiteboard/__init__.py:10 -> whiteboard/events.py:14 -> whiteboard/events.py:16 -> whiteboard/notes.py:5 -> whiteboard/notes.py:9 -> markdown2.markdown"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used only by code that no entry point reaches (whiteboard/export.py:1)"},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (whiteboard/stickers.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (whiteboard/stickers.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_notes.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_notes.py:1)"},
    ],
  },
  "dagster-weather": {
    verdict: "block", total: 6, reachable: 1,
    // Dagster: `[tool.dagster] module_name` names the Definitions module; `@asset` functions of the modules it loads run.
    // urllib3 is in the `dev` extra (`[project.optional-dependencies] dev`): a dev dependency.
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["weather_pipeline/definitions.py:module -> weather_pipeline/definitions.py:3 -> weather_pipeline/assets/forecasts.py:7 -> weather_pipeline/assets/forecasts.py:9 -> weather_pipeline/sources.py:8 -> requests.get", "weather_pipeline/definitions.py:module -> weather_pipeline/definitions.py:3 -> weather_pipeline/assets/stations.py:7 -> weather_pipeline/assets/stations.py:9 -> weather_pipeline/sources.py:8 -> requests.get"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (weather_pipeline/sources.py:2), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (weather_pipeline_tests/test_assets.py:1)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (weather_pipeline_tests/test_assets.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (weather_pipeline/sources.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (weather_pipeline_tests/test_assets.py:1)"},
    ],
  },
  "discord-modbot": {
    verdict: "block", total: 10, reachable: 4,
    // discord.py: `bot.load_extension(name)` over a tuple of dotted names loads each cog module and calls its setup(bot),
    // which adds a Cog whose `@commands.command` methods run.
    findings: [
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["modbot/cogs/avatars.py:extension -> modbot/cogs/avatars.py:18 -> modbot/imaging.py:8 -> PIL.Image.open"]},
      {"id": "PYSEC-2023-250", "pkg": "aiohttp", "version": "3.8.4", "severity": "medium", "cvss": 5.3, "level": "function", "symbols": ["aiohttp.ClientSession"], "paths": ["modbot/cogs/avatars.py:extension -> modbot/cogs/avatars.py:15 -> aiohttp.ClientSession"]},
      {"id": "PYSEC-2023-251", "pkg": "aiohttp", "version": "3.8.4", "severity": "medium", "cvss": 5.3, "level": "function", "symbols": ["aiohttp.ClientSession"], "paths": ["modbot/cogs/avatars.py:extension -> modbot/cogs/avatars.py:15 -> aiohttp.ClientSession"]},
      {"id": "PYSEC-2023-87", "pkg": "sqlparse", "version": "0.4.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["sqlparse.split"], "paths": ["modbot/cogs/sql.py:extension -> modbot/cogs/sql.py:8 -> sqlparse.split"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_config.py:1)"},
      {"id": "PYSEC-2023-246", "pkg": "aiohttp", "version": "3.8.4", "severity": "high", "cvss": 7.5, "level": "none", "reason": "aiohttp is used by reachable code (modbot/cogs/avatars.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-24", "pkg": "aiohttp", "version": "3.8.4", "severity": "high", "cvss": 7.5, "level": "none", "reason": "aiohttp is used by reachable code (modbot/cogs/avatars.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-333", "pkg": "sqlparse", "version": "0.4.1", "severity": "high", "cvss": null, "level": "none", "reason": "sqlparse is used by reachable code (modbot/cogs/sql.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (modbot/imaging.py:4), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-26", "pkg": "aiohttp", "version": "3.8.4", "severity": "medium", "cvss": 6.5, "level": "none", "reason": "aiohttp is used by reachable code (modbot/cogs/avatars.py:3), but none of its vulnerable symbols is called"},
    ],
  },
  "chalice-receipts": {
    verdict: "block", total: 9, reachable: 5,
    // AWS Chalice: `@app.route` and `@app.on_s3_event` handlers; jinja2.Template built at import of chalicelib.
    findings: [
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["app.py:server -> app.py:15 -> app.py:17 -> chalicelib/receipts.py:15 -> chalicelib/receipts.py:19 -> lxml.html.clean.Cleaner", "app.py:server -> app.py:15 -> app.py:17 -> chalicelib/receipts.py:15 -> chalicelib/receipts.py:19 -> lxml.html.clean.Cleaner.clean_html"]},
      {"id": "PYSEC-2022-202", "pkg": "pyjwt", "version": "1.7.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["jwt.decode"], "paths": ["app.py:server -> app.py:9 -> app.py:11 -> chalicelib/auth.py:9 -> jwt.decode"]},
      {"id": "PYSEC-2021-19", "pkg": "lxml", "version": "4.6.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["app.py:server -> app.py:15 -> app.py:17 -> chalicelib/receipts.py:15 -> chalicelib/receipts.py:19 -> lxml.html.clean.Cleaner", "app.py:server -> app.py:15 -> app.py:17 -> chalicelib/receipts.py:15 -> chalicelib/receipts.py:19 -> lxml.html.clean.Cleaner.clean_html"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["app.py:server -> app.py:4 -> chalicelib/receipts.py:6 -> jinja2.Template"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["app.py:server -> app.py:4 -> chalicelib/receipts.py:6 -> jinja2.Template"]},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (chalicelib/receipts.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_app.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (chalicelib/receipts.py:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_app.py:1)"},
    ],
  },
  "pika-mailer": {
    verdict: "block", total: 7, reachable: 3,
    // A click group (`[project.scripts]`) with a command added as `click.Command(callback=preview_file)`; a pika consumer's
    // `basic_consume(on_message_callback=on_message)`; pyyaml in the `test` extra.
    findings: [
      {"id": "PYSEC-2022-237", "pkg": "mistune", "version": "2.0.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["mistune.markdown"], "paths": ["src/mailer/cli.py:script -> src/mailer/cli.py:18 -> src/mailer/preview.py:8 -> src/mailer/render.py:5 -> mistune.markdown"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.Session"], "paths": ["src/mailer/cli.py:script -> src/mailer/cli.py:12 -> src/mailer/cli.py:15 -> src/mailer/consumer.py:19 -> src/mailer/consumer.py:11 -> src/mailer/send.py:9 -> requests.Session", "src/mailer/cli.py:script -> src/mailer/cli.py:13 -> src/mailer/cli.py:15 -> src/mailer/consumer.py:19 -> src/mailer/consumer.py:11 -> src/mailer/send.py:9 -> requests.Session"]},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["requests.Session"], "paths": ["src/mailer/cli.py:script -> src/mailer/cli.py:12 -> src/mailer/cli.py:15 -> src/mailer/consumer.py:19 -> src/mailer/consumer.py:11 -> src/mailer/send.py:9 -> requests.Session", "src/mailer/cli.py:script -> src/mailer/cli.py:13 -> src/mailer/cli.py:15 -> src/mailer/consumer.py:19 -> src/mailer/consumer.py:11 -> src/mailer/send.py:9 -> requests.Session"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_render.py:1)"},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "urllib3 is used by reachable code (src/mailer/send.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "urllib3 is used by reachable code (src/mailer/send.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "urllib3 is used by reachable code (src/mailer/send.py:3), but none of its vulnerable symbols is called"},
    ],
  },
  "fastify-esm-notes": {
    verdict: "block", total: 6, reachable: 2,
    // Fastify in ESM with top-level await: plugins registered as `app.register(import("./routes/notes.js"), { prefix })`,
    // one wrapped in fastify-plugin; jwt.decode is not a vulnerable symbol.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/server.js:main -> src/server.js:6 -> src/routes/notes.js:12 -> src/routes/notes.js:15 -> src/lib/render.js:5 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/server.js:main -> src/server.js:6 -> src/routes/notes.js:12 -> src/routes/notes.js:15 -> src/lib/render.js:5 -> marked.parse"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/notes.test.js:3)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/plugins/auth.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/plugins/auth.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/plugins/auth.js:2), but none of its vulnerable symbols is called"},
    ],
  },
  "sqlshell-cli": {
    verdict: "block", total: 8, reachable: 4,
    // A stdlib `cmd.Cmd` shell started by a setup.py console script (`SqlShell(conn).cmdloop()`): cmdloop calls its do_<command> methods.
    findings: [
      {"id": "PYSEC-2021-140", "pkg": "pygments", "version": "2.7.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight"], "paths": ["sqlshell/shell.py:views -> sqlshell/shell.py:23 -> sqlshell/formatting.py:12 -> pygments.highlight"]},
      {"id": "PYSEC-2021-141", "pkg": "pygments", "version": "2.7.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["pygments.highlight"], "paths": ["sqlshell/shell.py:views -> sqlshell/shell.py:23 -> sqlshell/formatting.py:12 -> pygments.highlight"]},
      {"id": "PYSEC-2021-333", "pkg": "sqlparse", "version": "0.4.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["sqlshell/shell.py:views -> sqlshell/shell.py:23 -> sqlshell/formatting.py:8 -> sqlparse.format"]},
      {"id": "PYSEC-2023-87", "pkg": "sqlparse", "version": "0.4.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["sqlshell/shell.py:views -> sqlshell/shell.py:23 -> sqlshell/formatting.py:8 -> sqlparse.format"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_formatting.py:1)"},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "urllib3 is used by reachable code (sqlshell/main.py:4), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "urllib3 is used by reachable code (sqlshell/main.py:4), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "urllib3 is used by reachable code (sqlshell/main.py:4), but none of its vulnerable symbols is called"},
    ],
  },
  "inversify-billing": {
    verdict: "block", total: 5, reachable: 3,
    // InversifyJS + inversify-express-utils: `@controller` classes imported by the server, `@httpPost` methods; the service gets its renderer by `@inject(InvoiceRenderer)`
    // and its archive store (an interface) by `@inject(TYPES.ArchiveStore)` bound with `container.bind<ArchiveStore>(…).to(TarArchiveStore)`. The `@inject` decorator does not run the class.
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/server.ts:main -> src/server.ts:6 -> src/controllers/invoices.controller.ts:9 -> src/controllers/invoices.controller.ts:11 -> src/services/billing.service.ts:17 -> src/render/invoice-renderer.ts:16 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["src/server.ts:main -> src/server.ts:6 -> src/controllers/invoices.controller.ts:9 -> src/controllers/invoices.controller.ts:11 -> src/services/billing.service.ts:17 -> src/render/invoice-renderer.ts:16 -> handlebars.compile"]},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "function", "symbols": ["tar.x"], "paths": ["src/server.ts:main -> src/server.ts:6 -> src/controllers/invoices.controller.ts:14 -> src/controllers/invoices.controller.ts:16 -> src/services/billing.service.ts:21 -> src/storage/tar-archive-store.ts:13 -> tar.x"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/invoices.spec.ts:1)"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "js-yaml is used by reachable code (src/config/settings.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "tsyringe-hooks": {
    verdict: "block", total: 4, reachable: 2,
    // tsyringe over `http.createServer` with tsconfig `paths` aliases (`@app/*`, `@lib/*`): the parser is registered as `container.register(PAYLOAD_PARSER, { useClass })`
    // with `const PAYLOAD_PARSER = "PayloadParser"` and injected as `@inject("PayloadParser")`; a `node-cron` job resolves its class from the container.
    findings: [
      {"id": "GHSA-ff7x-qrg7-qggm", "pkg": "dot-prop", "version": "5.1.0", "severity": "high", "cvss": 7.3, "level": "function", "symbols": ["dot-prop.set"], "paths": ["src/main.ts:main -> src/main.ts:19 -> src/jobs/digest.job.ts:13 -> dot-prop.set"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["src/main.ts:main -> src/main.ts:12 -> src/main.ts:13 -> src/webhooks/webhook.controller.ts:15 -> src/webhooks/xml-payload-parser.ts:8 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/webhook.test.ts:1)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/lib/event-store.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "oclif-deployer": {
    verdict: "block", total: 4, reachable: 2,
    // oclif: package.json `oclif.commands: "./dist/commands"` (src/commands, topics in subfolders): each command class's run() runs.
    findings: [
      {"id": "GHSA-g4rg-993r-mgx7", "pkg": "shell-quote", "version": "1.7.2", "severity": "critical", "cvss": null, "level": "function", "symbols": ["shell-quote.quote"], "paths": ["src/commands/deploy.ts:command -> src/commands/deploy.ts:23 -> src/lib/remote.ts:10 -> src/lib/remote.ts:6 -> shell-quote.quote"]},
      {"id": "GHSA-qqgx-2p2h-9c37", "pkg": "ini", "version": "1.3.5", "severity": "high", "cvss": null, "level": "function", "symbols": ["ini.parse"], "paths": ["src/commands/config/show.ts:command -> src/commands/config/show.ts:13 -> src/lib/hosts.ts:12 -> ini.parse"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/deploy.test.ts:3)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/lib/versions.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "pkgctl-commander": {
    verdict: "block", total: 4, reachable: 2,
    // commander executable subcommands: `bin/pkgctl.js` declares `.command("unpack <tarball>", "…")`, which runs `bin/pkgctl-unpack.js`; minimatch has no known symbols (package level).
    findings: [
      {"id": "GHSA-f8q6-p94x-37v3", "pkg": "minimatch", "version": "3.0.4", "severity": "high", "cvss": null, "level": "package", "paths": ["bin/pkgctl-ls.js:bin -> bin/pkgctl-ls.js:7 -> bin/pkgctl-ls.js:8 -> lib/mirror.js:15 -> lib/mirror.js:15 -> minimatch"], "reason": "no vulnerable symbols are known; minimatch is used by reachable code"},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "function", "symbols": ["tar.x"], "paths": ["bin/pkgctl-unpack.js:bin -> bin/pkgctl-unpack.js:8 -> bin/pkgctl-unpack.js:9 -> lib/mirror.js:10 -> tar.x"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/config.test.js:3)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (lib/audit.js:3), but none of its vulnerable symbols is called"},
    ],
  },
  "koa-nested-api": {
    verdict: "block", total: 9, reachable: 5,
    // @koa/router nested three deep (`api.use("/v1", v1.routes())`, `v1.use("/posts", posts.routes())`) with a router-level jwt middleware; an exporter loaded by
    // `require(`../exporters/${format}`)` calls lodash.template (unknown), but none of lodash's trim/unset/omit (none).
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/index.js:main -> src/index.js:3 -> src/routes/index.js:3 -> src/routes/posts.js:13 -> src/routes/posts.js:16 -> src/services/markdown.js:6 -> src/services/markdown.js:10 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/index.js:main -> src/index.js:3 -> src/routes/index.js:3 -> src/routes/posts.js:13 -> src/routes/posts.js:16 -> src/services/markdown.js:6 -> src/services/markdown.js:10 -> marked.parse"]},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/index.js:main -> src/index.js:3 -> src/routes/index.js:9 -> src/middleware/auth.js:9 -> jsonwebtoken.verify"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "unknown", "reason": "dynamic import `require(`../exporters/${ctx.params.format}`)` at src/routes/exports.js:7 in reachable code; what it loads cannot be known"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/index.js:main -> src/index.js:3 -> src/routes/index.js:9 -> src/middleware/auth.js:9 -> jsonwebtoken.verify"]},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "function", "symbols": ["jsonwebtoken.verify"], "paths": ["src/index.js:main -> src/index.js:3 -> src/routes/index.js:9 -> src/middleware/auth.js:9 -> jsonwebtoken.verify"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/posts.test.js:3)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/routes/posts.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/routes/posts.js:2), but none of its vulnerable symbols is called"},
    ],
  },
  "discord-eventbot": {
    verdict: "block", total: 10, reachable: 5,
    // discord.py `commands.Bot` hooks: `@bot.event` on_message, `@bot.command()` and `bot.add_listener(greet, "on_member_join")`; ImageDraw.text is PYSEC-2023-227's symbol.
    findings: [
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["eventbot/__main__.py:__main__ -> eventbot/__main__.py:4 -> eventbot/bot.py:34 -> eventbot/welcome.py:16 -> eventbot/cards.py:7 -> PIL.Image.open"]},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.ImageDraw.Draw.text"], "paths": ["eventbot/__main__.py:__main__ -> eventbot/__main__.py:4 -> eventbot/bot.py:34 -> eventbot/welcome.py:16 -> eventbot/cards.py:10 -> PIL.ImageDraw.Draw.text"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["eventbot/__main__.py:__main__ -> eventbot/__main__.py:4 -> eventbot/bot.py:28 -> eventbot/bot.py:30 -> eventbot/wiki.py:7 -> eventbot/wiki.py:12 -> requests.get"]},
      {"id": "PYSEC-2023-250", "pkg": "aiohttp", "version": "3.8.4", "severity": "medium", "cvss": 5.3, "level": "function", "symbols": ["aiohttp.ClientSession"], "paths": ["eventbot/__main__.py:__main__ -> eventbot/__main__.py:4 -> eventbot/bot.py:34 -> eventbot/welcome.py:13 -> aiohttp.ClientSession"]},
      {"id": "PYSEC-2023-251", "pkg": "aiohttp", "version": "3.8.4", "severity": "medium", "cvss": 5.3, "level": "function", "symbols": ["aiohttp.ClientSession"], "paths": ["eventbot/__main__.py:__main__ -> eventbot/__main__.py:4 -> eventbot/bot.py:34 -> eventbot/welcome.py:13 -> aiohttp.ClientSession"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_fixtures.py:1)"},
      {"id": "PYSEC-2023-246", "pkg": "aiohttp", "version": "3.8.4", "severity": "high", "cvss": 7.5, "level": "none", "reason": "aiohttp is used by reachable code (eventbot/welcome.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-24", "pkg": "aiohttp", "version": "3.8.4", "severity": "high", "cvss": 7.5, "level": "none", "reason": "aiohttp is used by reachable code (eventbot/welcome.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2024-26", "pkg": "aiohttp", "version": "3.8.4", "severity": "medium", "cvss": 6.5, "level": "none", "reason": "aiohttp is used by reachable code (eventbot/welcome.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (eventbot/wiki.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "discord-guildbot": {
    verdict: "block", total: 7, reachable: 4,
    // discord.py: a `commands.Bot` subclass whose `on_message` and `@tasks.loop` method the library calls (the class is a handler class), and a Cog added in setup_hook.
    findings: [
      {"id": "PYSEC-2021-333", "pkg": "sqlparse", "version": "0.4.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["guildbot/cogs/queries.py:views -> guildbot/cogs/queries.py:11 -> sqlparse.format"]},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["guildbot/bot.py:views -> guildbot/bot.py:27 -> guildbot/filters.py:12 -> guildbot/filters.py:16 -> PIL.Image.open"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["guildbot/bot.py:views -> guildbot/bot.py:34 -> guildbot/feeds.py:12 -> requests.get"]},
      {"id": "PYSEC-2023-87", "pkg": "sqlparse", "version": "0.4.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["sqlparse.format"], "paths": ["guildbot/cogs/queries.py:views -> guildbot/cogs/queries.py:11 -> sqlparse.format"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_filters.py:1)"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (guildbot/filters.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (guildbot/feeds.py:3), but none of its vulnerable symbols is called"},
    ],
  },
  "tgbot-reminders": {
    verdict: "block", total: 9, reachable: 2,
    // python-telegram-bot v20: `application.add_handler(CommandHandler("agenda", agenda.show_agenda))` hands the callbacks to the library; requests only in a function nothing calls.
    findings: [
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["reminders/bot.py:__main__ -> reminders/bot.py:29 -> reminders/bot.py:24 -> reminders/bot.py:16 -> reminders/handlers/agenda.py:14 -> reminders/render.py:11 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["reminders/bot.py:__main__ -> reminders/bot.py:29 -> reminders/bot.py:24 -> reminders/bot.py:16 -> reminders/handlers/agenda.py:14 -> reminders/render.py:11 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (reminders/config.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_store.py:1)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used by reachable code (reminders/handlers/agenda.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_store.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (reminders/render.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (reminders/handlers/agenda.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_store.py:1)"},
    ],
  },
  "fastapi-jobs": {
    verdict: "block", total: 7, reachable: 2,
    // FastAPI `Depends()` chains (current_user and get_store over get_settings) and `BackgroundTasks.add_task(make_thumbnails, path)`; started by a Dockerfile CMD.
    findings: [
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["jwt.decode"], "paths": ["app/main.py:script -> app/main.py:3 -> app/api/imports.py:9 -> app/api/imports.py:10 -> app/deps.py:15 -> jwt.decode", "app/main.py:script -> app/main.py:3 -> app/api/uploads.py:10 -> app/api/uploads.py:14 -> app/deps.py:15 -> jwt.decode"]},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["app/main.py:script -> app/main.py:3 -> app/api/uploads.py:10 -> app/api/uploads.py:18 -> app/services/thumbnails.py:9 -> app/services/thumbnails.py:14 -> PIL.Image.open"]},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (app/services/feeds.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (app/services/feeds.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (app/services/thumbnails.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_health.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_health.py:1)"},
    ],
  },
  "socketio-classroom": {
    verdict: "block", total: 6, reachable: 4,
    // Flask-SocketIO: `@socketio.on("note")` handlers in a module the app factory imports; ujson only `loads`.
    findings: [
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["classroom/__init__.py:server -> classroom/__init__.py:9 -> classroom/events.py:19 -> classroom/events.py:21 -> classroom/formatting.py:8 -> markdown2.markdown"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["classroom/__init__.py:server -> classroom/__init__.py:9 -> classroom/events.py:19 -> classroom/events.py:21 -> classroom/formatting.py:9 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["classroom/__init__.py:server -> classroom/__init__.py:9 -> classroom/events.py:19 -> classroom/events.py:21 -> classroom/formatting.py:9 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["classroom/__init__.py:server -> classroom/__init__.py:9 -> classroom/events.py:19 -> classroom/events.py:21 -> classroom/formatting.py:9 -> bleach.clean"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_formatting.py:1)"},
      {"id": "PYSEC-2022-25", "pkg": "ujson", "version": "5.0.0", "severity": "medium", "cvss": null, "level": "none", "reason": "ujson is used by reachable code (classroom/events.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "celery-canvas": {
    verdict: "block", total: 8, reachable: 3,
    // Celery `chain(fetch_page.s(url), parse_page.s(shop), store.s())` in a `group` from a beat-scheduled task; lxml's Cleaner made at import of the scraper.
    findings: [
      {"id": "PYSEC-2022-183", "pkg": "httpx", "version": "0.18.2", "severity": "critical", "cvss": null, "level": "function", "symbols": ["httpx.Client"], "paths": ["pricing/tasks.py:task -> pricing/tasks.py:13 -> pricing/tasks.py:15 -> pricing/scrape.py:8 -> httpx.Client"]},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["pricing/tasks.py:task -> pricing/tasks.py:4 -> pricing/scrape.py:4 -> lxml.html.clean.Cleaner", "pricing/tasks.py:task -> pricing/tasks.py:18 -> pricing/tasks.py:20 -> pricing/scrape.py:13 -> lxml.html.clean.Cleaner.clean_html"]},
      {"id": "PYSEC-2021-19", "pkg": "lxml", "version": "4.6.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["pricing/tasks.py:task -> pricing/tasks.py:4 -> pricing/scrape.py:4 -> lxml.html.clean.Cleaner", "pricing/tasks.py:task -> pricing/tasks.py:18 -> pricing/tasks.py:20 -> pricing/scrape.py:13 -> lxml.html.clean.Cleaner.clean_html"]},
      {"id": "PYSEC-2019-123", "pkg": "sqlalchemy", "version": "1.2.10", "severity": "critical", "cvss": null, "level": "none", "reason": "sqlalchemy is used by reachable code (pricing/db.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2019-124", "pkg": "sqlalchemy", "version": "1.2.10", "severity": "high", "cvss": null, "level": "none", "reason": "sqlalchemy is used by reachable code (pricing/db.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.2", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (pricing/scrape.py:2), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_scrape.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_scrape.py:1)"},
    ],
  },
  "opskit-cli": {
    verdict: "block", total: 8, reachable: 1,
    // A `[project.scripts]` CLI dispatching by `getattr(commands, args.command)(args.target)` over a module of ours: what the commands use is unknown (the site is the reason), what the health check uses is reached.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "unknown", "reason": "computed attribute `getattr(commands, args.command)` at src/opskit/cli.py:22 in reachable code; what it calls cannot be known"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["src/opskit/cli.py:script -> src/opskit/cli.py:18 -> src/opskit/health.py:5 -> src/opskit/health.py:10 -> requests.get"]},
      {"id": "PYSEC-2022-42992", "pkg": "GitPython", "version": "3.1.29", "severity": "critical", "cvss": null, "level": "unknown", "reason": "computed attribute `getattr(commands, args.command)` at src/opskit/cli.py:22 in reachable code; what it calls cannot be known"},
      {"id": "PYSEC-2023-137", "pkg": "GitPython", "version": "3.1.29", "severity": "critical", "cvss": null, "level": "unknown", "reason": "computed attribute `getattr(commands, args.command)` at src/opskit/cli.py:22 in reachable code; what it calls cannot be known"},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_health.py:1)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_health.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (src/opskit/health.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_health.py:1)"},
    ],
  },
  "vendored-feeds": {
    verdict: "block", total: 6, reachable: 3,
    // A package vendored under `src/feedwatch/_vendor/feedkit/` calls requests.get (transitive, named by its folder); the app's own jinja2 call is function level.
    findings: [
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["src/feedwatch/cli.py:script -> src/feedwatch/cli.py:20 -> src/feedwatch/digest.py:10 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["src/feedwatch/cli.py:script -> src/feedwatch/cli.py:20 -> src/feedwatch/digest.py:10 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "transitive", "symbols": ["requests.get"], "paths": ["src/feedwatch/cli.py:script -> src/feedwatch/cli.py:19 -> src/feedwatch/_vendor/feedkit/client.py:21 -> src/feedwatch/_vendor/feedkit/client.py:14 -> requests.get"], "reason": "dependency code in the checkout (feedkit) calls requests.get on a path from an entry point"},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_cli.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (src/feedwatch/digest.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (src/feedwatch/_vendor/feedkit/client.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "arq-listings": {
    verdict: "block", total: 8, reachable: 4,
    // arq: a Procfile `arq ingest.worker.WorkerSettings`; the worker calls the settings class's `functions` list and `on_startup` hook (`cron(...)` jobs are handed over);
    // jinja2.Template is made at import of the report module.
    findings: [
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["yaml.FullLoader", "yaml.load"], "paths": ["ingest/worker.py:arq -> ingest/worker.py:9 -> ingest/config.py:11 -> yaml.FullLoader", "ingest/worker.py:arq -> ingest/worker.py:9 -> ingest/config.py:11 -> yaml.load"]},
      {"id": "PYSEC-2022-183", "pkg": "httpx", "version": "0.18.2", "severity": "critical", "cvss": null, "level": "function", "symbols": ["httpx.AsyncClient"], "paths": ["ingest/worker.py:arq -> ingest/tasks.py:6 -> ingest/fetch.py:5 -> httpx.AsyncClient"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["ingest/worker.py:script -> ingest/worker.py:5 -> ingest/tasks.py:2 -> ingest/report.py:3 -> jinja2.Template"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["ingest/worker.py:script -> ingest/worker.py:5 -> ingest/tasks.py:2 -> ingest/report.py:3 -> jinja2.Template"]},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_fetch.py:1)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_fetch.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (ingest/report.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_fetch.py:1)"},
    ],
  },
  "v13-mcp-notes": {
    verdict: "block", total: 4, reachable: 2,
    // A Model Context Protocol server (`bin` only, ESM TypeScript): tools registered with `server.tool(name, schema, handler)` by functions the entry calls.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/index.ts:bin -> src/index.ts:8 -> src/tools/notes.ts:14 -> src/tools/notes.ts:15 -> src/render.ts:5 -> src/render.ts:9 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/index.ts:bin -> src/index.ts:8 -> src/tools/notes.ts:14 -> src/tools/notes.ts:15 -> src/render.ts:5 -> src/render.ts:9 -> marked.parse"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/render.test.ts:2)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/tools/status.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-moleculer-orders": {
    verdict: "block", total: 6, reachable: 2,
    // Moleculer services loaded by `moleculer-runner services` (a package.json script): each `*.service.js` exports a schema whose actions (`receipt(ctx)`, `create: { handler }`) and methods the broker calls.
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["services/orders.service.js:exports -> services/orders.service.js:17 -> lib/receipts.js:9 -> lib/receipts.js:6 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["services/orders.service.js:exports -> services/orders.service.js:17 -> lib/receipts.js:9 -> lib/receipts.js:6 -> handlebars.compile"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/orders.spec.js:1)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (lib/auth.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (lib/auth.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (lib/auth.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-bree-digest": {
    verdict: "block", total: 6, reachable: 2,
    // Bree jobs: `new Bree({ root: path.join(__dirname, "jobs"), jobs: [{ name: "send-digest" }, …] })` runs jobs/send-digest.js in a worker thread; tar used only through `tar.c`.
    findings: [
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["src/index.js:main -> src/index.js:11 -> src/jobs/send-digest.js:11 -> src/jobs/send-digest.js:7 -> src/digest/render.js:6 -> lodash.template"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["json5.parse"], "paths": ["src/index.js:main -> src/index.js:6 -> src/settings.js:8 -> json5.parse"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/render.test.js:1)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/digest/render.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-f5x3-32g6-xq36", "pkg": "tar", "version": "6.1.11", "severity": "medium", "cvss": null, "level": "none", "reason": "tar is used by reachable code (src/jobs/prune-archives.js:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/digest/render.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-bolt-deploybot": {
    verdict: "block", total: 3, reachable: 1,
    // Slack Bolt (bolt-js template layout): `registerListeners(app)` → `views.register(app)` → `app.view("deploy_modal", deploySubmitted)`.
    findings: [
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["app.js:main -> app.js:11 -> listeners/index.js:6 -> listeners/views/index.js:4 -> listeners/views/deploy-submitted.js:6 -> lib/manifest.js:7 -> js-yaml.load"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/manifest.test.js:1)"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.21", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (lib/manifest.js:2), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-egg-blog": {
    verdict: "block", total: 5, reachable: 3,
    // Egg.js conventions: `ctx.service.post.preview()` cannot be followed, but app/service classes' methods run; a schedule's exported `task(ctx)`; app/extend/helper.js.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["app/service/post.js:controller -> app/service/post.js:9 -> lib/markdown.js:7 -> marked.parse", "app/service/post.js:controller -> app/service/post.js:13 -> lib/markdown.js:7 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["app/service/post.js:controller -> app/service/post.js:9 -> lib/markdown.js:7 -> marked.parse", "app/service/post.js:controller -> app/service/post.js:13 -> lib/markdown.js:7 -> marked.parse"]},
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["app/schedule/import_feed.js:exports -> app/schedule/import_feed.js:11 -> lib/feeds.js:17 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (test/app/service/post.test.js:3)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (app/extend/helper.js:3), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-kafka-ingest": {
    verdict: "block", total: 3, reachable: 1,
    // kafkajs: `consumer.run({ eachMessage })` dispatching through a topic → handler map (`handlers[topic]`).
    findings: [
      {"id": "GHSA-4r6h-8v6p-xvw6", "pkg": "xlsx", "version": "0.18.5", "severity": "high", "cvss": null, "level": "function", "symbols": ["xlsx.read"], "paths": ["src/index.ts:main -> src/index.ts:20 -> src/index.ts:12 -> src/index.ts:15 -> src/invoices.ts:7 -> xlsx.read"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/invoices.test.ts:2)"},
      {"id": "GHSA-pxg6-pf52-xh8x", "pkg": "cookie", "version": "0.6.0", "severity": "low", "cvss": null, "level": "none", "reason": "cookie is used by reachable code (src/events.ts:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-loopback-notes": {
    verdict: "block", total: 6, reachable: 2,
    // LoopBack 4: src/controllers/*.controller.ts booted by convention, a service injected by `@inject("services.PageService")` with its type; an interceptor.
    findings: [
      {"id": "GHSA-phwq-j96m-2c2q", "pkg": "ejs", "version": "3.1.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["ejs.render"], "paths": ["src/controllers/note.controller.ts:controller -> src/controllers/note.controller.ts:22 -> src/services/page.service.ts:9 -> ejs.render"]},
      {"id": "GHSA-ghr5-ch3p-vcr6", "pkg": "ejs", "version": "3.1.6", "severity": "medium", "cvss": null, "level": "function", "symbols": ["ejs.render"], "paths": ["src/controllers/note.controller.ts:controller -> src/controllers/note.controller.ts:22 -> src/services/page.service.ts:9 -> ejs.render"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (src/__tests__/acceptance/note.acceptance.ts:2)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/interceptors/auth.interceptor.ts:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/interceptors/auth.interceptor.ts:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (src/interceptors/auth.interceptor.ts:3), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-prefect-weather": {
    verdict: "block", total: 4, reachable: 1,
    // Prefect: prefect.yaml's deployments name their flows (`entrypoint: flows/nightly.py:nightly_load`); `@task`-decorated functions called from the flow.
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["flows/nightly.py:flow -> flows/nightly.py:22 -> flows/nightly.py:10 -> weather/api.py:7 -> requests.get"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (weather/config.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; markdown2 is used only by code that no entry point reaches (tests/test_transform.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (weather/api.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-bento-summarizer": {
    verdict: "block", total: 5, reachable: 2,
    // BentoML: bentofile.yaml `service: "service:Summarizer"`; the `@bentoml.service` class's `@bentoml.api` methods run (a local import inside one).
    findings: [
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["service.py:service -> service.py:5 -> summarizer/cleaning.py:3 -> lxml.html.clean.Cleaner", "service.py:service -> service.py:18 -> summarizer/cleaning.py:7 -> lxml.html.clean.Cleaner.clean_html"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["service.py:service -> service.py:24 -> summarizer/fetch.py:5 -> requests.get"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_cleaning.py:1)"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (summarizer/cleaning.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (summarizer/fetch.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-kopf-backups": {
    verdict: "block", total: 4, reachable: 2,
    // A kopf Kubernetes operator run by the Dockerfile's `kopf run … backup_operator/handlers.py`: handlers under two stacked `@kopf.on.*` decorators and a `@kopf.timer`.
    findings: [
      {"id": "PYSEC-2022-42992", "pkg": "gitpython", "version": "3.1.29", "severity": "critical", "cvss": null, "level": "function", "symbols": ["git.Repo.clone_from"], "paths": ["backup_operator/handlers.py:script -> backup_operator/handlers.py:16 -> backup_operator/handlers.py:19 -> backup_operator/sources.py:14 -> git.Repo.clone_from", "backup_operator/handlers.py:script -> backup_operator/handlers.py:17 -> backup_operator/handlers.py:19 -> backup_operator/sources.py:14 -> git.Repo.clone_from", "backup_operator/handlers.py:script -> backup_operator/handlers.py:24 -> backup_operator/handlers.py:26 -> backup_operator/sources.py:14 -> git.Repo.clone_from"]},
      {"id": "PYSEC-2023-137", "pkg": "gitpython", "version": "3.1.29", "severity": "critical", "cvss": null, "level": "function", "symbols": ["git.Repo.clone_from"], "paths": ["backup_operator/handlers.py:script -> backup_operator/handlers.py:16 -> backup_operator/handlers.py:19 -> backup_operator/sources.py:14 -> git.Repo.clone_from", "backup_operator/handlers.py:script -> backup_operator/handlers.py:17 -> backup_operator/handlers.py:19 -> backup_operator/sources.py:14 -> git.Repo.clone_from", "backup_operator/handlers.py:script -> backup_operator/handlers.py:24 -> backup_operator/handlers.py:26 -> backup_operator/sources.py:14 -> git.Repo.clone_from"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (backup_operator/config.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; PyJWT is used only by code that no entry point reaches (tests/test_sources.py:1)"},
    ],
  },
  "v13-aiogram-thumbs": {
    verdict: "block", total: 7, reachable: 1,
    // aiogram 3: routers' `@router.message(F.photo)` handlers joined with `dp.include_routers(...)` in `python -m bot`; a `BaseMiddleware` subclass.
    findings: [
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["bot/__main__.py:__main__ -> bot/__main__.py:7 -> bot/handlers/files.py:9 -> bot/handlers/files.py:13 -> bot/services/thumbnails.py:9 -> bot/services/thumbnails.py:17 -> PIL.Image.open"]},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (bot/services/thumbnails.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_thumbnails.py:1)"},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (bot/texts.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (bot/texts.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "bleach is used by reachable code (bot/texts.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_thumbnails.py:1)"},
    ],
  },
  "v13-hass-solar": {
    verdict: "block", total: 7, reachable: 4,
    // A Home Assistant custom integration (custom_components/solar_forecast/ with a manifest.json): `async_setup_entry` hooks, a ConfigFlow step and a SensorEntity property; `from .const import DEFAULT_SCAN_MINUTES` (a number).
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.Session"], "paths": ["custom_components/solar_forecast/__init__.py:integration -> custom_components/solar_forecast/__init__.py:11 -> custom_components/solar_forecast/api.py:9 -> requests.Session", "custom_components/solar_forecast/config_flow.py:integration -> custom_components/solar_forecast/config_flow.py:16 -> custom_components/solar_forecast/api.py:9 -> requests.Session"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["custom_components/solar_forecast/sensor.py:integration -> custom_components/solar_forecast/sensor.py:35 -> jinja2.Template"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["custom_components/solar_forecast/sensor.py:integration -> custom_components/solar_forecast/sensor.py:35 -> jinja2.Template"]},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["requests.Session"], "paths": ["custom_components/solar_forecast/__init__.py:integration -> custom_components/solar_forecast/__init__.py:11 -> custom_components/solar_forecast/api.py:9 -> requests.Session", "custom_components/solar_forecast/config_flow.py:integration -> custom_components/solar_forecast/config_flow.py:16 -> custom_components/solar_forecast/api.py:9 -> requests.Session"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (custom_components/solar_forecast/__init__.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; PyJWT is used only by code that no entry point reaches (tests/test_config_flow.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (custom_components/solar_forecast/sensor.py:4), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-pyside-photos": {
    verdict: "block", total: 5, reachable: 1,
    // A PySide6 desktop app (`[project.gui-scripts]`): Image.open runs in a QThread's run(), which Qt calls once the worker is started.
    findings: [
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["photoviewer/loader.py:views -> photoviewer/loader.py:15 -> photoviewer/imaging.py:7 -> PIL.Image.open"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (photoviewer/settings.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (photoviewer/imaging.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_imaging.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_imaging.py:1)"},
    ],
  },
  "v13-nameko-orders": {
    verdict: "block", total: 4, reachable: 2,
    // nameko services run by the Dockerfile's `nameko run --config config.yml orders.service orders.events` (`@rpc`, `@http`, `@event_handler` methods; a class body runs where its class statement is).
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.post"], "paths": ["orders/events.py:script -> orders/events.py:6 -> orders/events.py:9 -> orders/events.py:11 -> orders/notify.py:9 -> requests.post"]},
      {"id": "PYSEC-2021-146", "pkg": "reportlab", "version": "3.5.54", "severity": "medium", "cvss": null, "level": "function", "symbols": ["reportlab.platypus.Paragraph"], "paths": ["orders/service.py:script -> orders/service.py:8 -> orders/service.py:20 -> orders/service.py:22 -> orders/invoices.py:13 -> orders/invoices.py:18 -> reportlab.platypus.Paragraph"]},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; markdown2 is used only by code that no entry point reaches (tests/test_service.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (orders/notify.py:3), but none of its vulnerable symbols is called"},
    ],
  },
  "v13-fastmcp-issues": {
    verdict: "block", total: 6, reachable: 4,
    // FastMCP (`[project.scripts]`): `@mcp.tool()` and `@mcp.resource(...)` functions; httpx.Client reached from both.
    findings: [
      {"id": "PYSEC-2022-183", "pkg": "httpx", "version": "0.19.0", "severity": "critical", "cvss": null, "level": "function", "symbols": ["httpx.Client"], "paths": ["issues_mcp/server.py:script -> issues_mcp/server.py:11 -> issues_mcp/server.py:14 -> issues_mcp/github.py:7 -> httpx.Client", "issues_mcp/server.py:script -> issues_mcp/server.py:18 -> issues_mcp/server.py:20 -> issues_mcp/github.py:7 -> httpx.Client"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["issues_mcp/server.py:script -> issues_mcp/server.py:11 -> issues_mcp/server.py:15 -> issues_mcp/summaries.py:7 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["issues_mcp/server.py:script -> issues_mcp/server.py:11 -> issues_mcp/server.py:15 -> issues_mcp/summaries.py:7 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["issues_mcp/server.py:script -> issues_mcp/server.py:11 -> issues_mcp/server.py:15 -> issues_mcp/summaries.py:7 -> bleach.clean"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (issues_mcp/settings.py:4), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; PyJWT is used only by code that no entry point reaches (tests/test_summaries.py:1)"},
    ],
  },
  "v13-textual-feeds": {
    verdict: "block", total: 6, reachable: 4,
    // A Textual TUI (`[project.scripts]`): the App subclass's `action_refresh` (a key binding) and `on_list_view_selected` handler, which Textual calls by name.
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["feedtui/app.py:script -> feedtui/app.py:24 -> feedtui/feeds.py:5 -> requests.get"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["feedtui/app.py:script -> feedtui/app.py:36 -> feedtui/render.py:5 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["feedtui/app.py:script -> feedtui/app.py:36 -> feedtui/render.py:5 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["feedtui/app.py:script -> feedtui/app.py:36 -> feedtui/render.py:5 -> bleach.clean"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_render.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (feedtui/feeds.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-eslint-templates": {
    verdict: "block", total: 5, reachable: 1,
    // An ESLint plugin (a library: `main` only): ESLint calls `rules[name].create(context)` and then the visitor methods of the object create() returns.
    findings: [
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "function", "symbols": ["lodash.template"], "paths": ["lib/index.js:main -> lib/rules/no-raw-interpolation.js:13 -> lib/rules/no-raw-interpolation.js:15 -> lib/rules/no-raw-interpolation.js:22 -> lib/utils/preview.js:8 -> lodash.template"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (tests/lib/rules/no-raw-interpolation.js:3)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (lib/utils/preview.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (lib/rules/require-engines.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (lib/utils/preview.js:3), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-vite-mdpages": {
    verdict: "block", total: 4, reachable: 2,
    // A Vite plugin (ESM library, `exports` only): its default export is a factory whose returned hooks (`transform`, `configResolved`) Vite calls.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/index.js:exports -> src/index.js:14 -> src/index.js:17 -> src/render.js:4 -> src/render.js:9 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/index.js:exports -> src/index.js:14 -> src/index.js:17 -> src/render.js:4 -> src/render.js:9 -> marked.parse"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/plugin.test.js:1)"},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "none", "reason": "js-yaml is used by reachable code (src/frontmatter.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-gatsby-recipes": {
    verdict: "block", total: 5, reachable: 1,
    // A Gatsby site (no main; `gatsby build`): Gatsby calls the APIs gatsby-node.js exports (sourceNodes, onCreateNode, createPages).
    findings: [
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["gatsby-node.js:exports -> gatsby-node.js:6 -> src/lib/feed-import.js:5 -> src/lib/feed-import.js:9 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/lib/slugs.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (__tests__/slugs.test.js:1)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/lib/slugs.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/lib/slugs.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-meteor-notes": {
    verdict: "block", total: 6, reachable: 2,
    // Meteor: package.json `meteor.mainModule.server` is the server's entry; `Meteor.methods({...})` hands the method object to Meteor, which calls its methods by name.
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["server/main.js:main -> server/main.js:2 -> imports/api/notes/methods.js:6 -> imports/api/notes/methods.js:14 -> imports/lib/share-card.js:6 -> imports/lib/share-card.js:10 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["server/main.js:main -> server/main.js:2 -> imports/api/notes/methods.js:6 -> imports/api/notes/methods.js:14 -> imports/lib/share-card.js:6 -> imports/lib/share-card.js:10 -> handlebars.compile"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (tests/main.js:2)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (imports/api/tokens.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (imports/api/tokens.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (imports/api/tokens.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-babel-inline-yaml": {
    verdict: "block", total: 5, reachable: 1,
    // A Babel plugin (library, `main`): its export returns `{ visitor: { ImportDeclaration(path, state) } }`, whose visitor methods Babel calls.
    findings: [
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/index.js:main -> src/index.js:10 -> src/index.js:13 -> src/read.js:9 -> src/read.js:13 -> js-yaml.load"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/literal.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (__tests__/index.test.js:2)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/literal.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/literal.js:3), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-webpack-pug-loader": {
    verdict: "block", total: 3, reachable: 1,
    // A webpack loader (library; `main` is the built dist/cjs.js, whose source re-exports src/index.js's default): webpack calls the loader function with the loader context as `this`.
    findings: [
      {"id": "GHSA-p493-635q-r6gr", "pkg": "pug", "version": "3.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["pug.compileClient"], "paths": ["src/cjs.js:main -> src/index.js:9 -> src/compile.js:4 -> src/compile.js:9 -> pug.compileClient"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/loader.test.js:1)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/compat.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-mkdocs-snippets": {
    verdict: "block", total: 4, reachable: 1,
    // An MkDocs plugin (`[project.entry-points."mkdocs.plugins"]`): MkDocs makes the plugin class and calls its `on_*` event hooks; `_expand` is reached through a lambda given to re.sub.
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["mkdocs_remote_snippets/plugin.py:plugin -> mkdocs_remote_snippets/plugin.py:21 -> mkdocs_remote_snippets/plugin.py:28 -> mkdocs_remote_snippets/fetch.py:11 -> mkdocs_remote_snippets/fetch.py:15 -> requests.get"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (mkdocs_remote_snippets/manifest.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; markdown2 is used only by code that no entry point reaches (tests/test_fetch.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (mkdocs_remote_snippets/fetch.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-socketio-standup": {
    verdict: "block", total: 6, reachable: 3,
    // Flask-SocketIO (Procfile `python run.py`): `@socketio.on("update")` handlers in a module the app factory imports.
    findings: [
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["standup/__init__.py:server -> standup/__init__.py:10 -> standup/events.py:15 -> standup/events.py:17 -> standup/notes.py:10 -> standup/notes.py:13 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["standup/__init__.py:server -> standup/__init__.py:10 -> standup/events.py:15 -> standup/events.py:17 -> standup/notes.py:10 -> standup/notes.py:13 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["standup/__init__.py:server -> standup/__init__.py:10 -> standup/events.py:15 -> standup/events.py:17 -> standup/notes.py:10 -> standup/notes.py:13 -> bleach.clean"]},
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; PyJWT is used only by code that no entry point reaches (tests/test_notes.py:1)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used by reachable code (standup/webhooks.py:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (standup/webhooks.py:3), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-kedro-spaceflights": {
    verdict: "block", total: 5, reachable: 1,
    // A Kedro project (`[tool.kedro]`): `kedro run` calls pipeline_registry.register_pipelines(); node functions are handed to kedro's node(func=...).
    findings: [
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["src/spaceflights/pipeline_registry.py:script -> src/spaceflights/pipeline_registry.py:7 -> src/spaceflights/pipelines/data_processing/pipeline.py:10 -> src/spaceflights/pipelines/data_processing/nodes.py:12 -> src/spaceflights/html.py:7 -> lxml.html.clean.Cleaner.clean_html", "src/spaceflights/pipeline_registry.py:script -> src/spaceflights/pipeline_registry.py:7 -> src/spaceflights/pipelines/data_processing/pipeline.py:10 -> src/spaceflights/pipelines/data_processing/nodes.py:12 -> src/spaceflights/html.py:7 -> src/spaceflights/html.py:13 -> lxml.html.clean.Cleaner"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (src/spaceflights/pipelines/reporting/nodes.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (src/spaceflights/html.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_run.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_run.py:1)"},
    ],
  },
  "v14-locust-checkout": {
    verdict: "block", total: 3, reachable: 1,
    // A load-test repository: the Dockerfile's `locust -f loadtest/locustfile.py` is its program, and Locust runs the HttpUser's on_start and @task methods.
    // (A locustfile no deployment file runs is a developer's load test, like a test: not an entry.)
    findings: [
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "function", "symbols": ["jwt.decode"], "paths": ["loadtest/locustfile.py:locust -> loadtest/locustfile.py:19 -> loadtest/auth.py:7 -> loadtest/auth.py:11 -> jwt.decode"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (loadtest/scenarios.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; markdown2 is used only by code that no entry point reaches (tests/test_scenarios.py:1)"},
    ],
  },
  "v14-odoo-delivery-slips": {
    verdict: "block", total: 4, reachable: 1,
    // An Odoo addon (a folder with __manifest__.py): Odoo imports it and calls its models' public methods over RPC (a form's `<button name="action_print_slip" type="object">`).
    findings: [
      {"id": "PYSEC-2021-146", "pkg": "reportlab", "version": "3.5.54", "severity": "medium", "cvss": null, "level": "function", "symbols": ["reportlab.platypus.Paragraph"], "paths": ["delivery_slips/models/stock_picking.py:views -> delivery_slips/models/stock_picking.py:21 -> delivery_slips/lib/slips.py:12 -> delivery_slips/lib/slips.py:17 -> reportlab.platypus.Paragraph"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used by reachable code (delivery_slips/models/carrier.py:2), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; markdown2 is used only by code that no entry point reaches (delivery_slips/tests/test_slips.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (delivery_slips/models/carrier.py:2), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-modal-thumbs": {
    verdict: "block", total: 6, reachable: 2,
    // Modal (Makefile `modal deploy thumbs/app.py`): `@app.function()` functions run in Modal's containers.
    findings: [
      {"id": "PYSEC-2022-183", "pkg": "httpx", "version": "0.19.0", "severity": "critical", "cvss": null, "level": "function", "symbols": ["httpx.URL"], "paths": ["thumbs/app.py:script -> thumbs/app.py:11 -> thumbs/app.py:14 -> thumbs/sources.py:11 -> httpx.URL"]},
      {"id": "PYSEC-2022-42979", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["PIL.Image.open"], "paths": ["thumbs/app.py:script -> thumbs/app.py:11 -> thumbs/app.py:15 -> thumbs/imaging.py:10 -> thumbs/imaging.py:18 -> PIL.Image.open"]},
      {"id": "PYSEC-2023-227", "pkg": "pillow", "version": "9.1.0", "severity": "high", "cvss": null, "level": "none", "reason": "pillow is used by reachable code (thumbs/imaging.py:4), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; bleach is used only by code that no entry point reaches (tests/test_imaging.py:1)"},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; bleach is used only by code that no entry point reaches (tests/test_imaging.py:1)"},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; bleach is used only by code that no entry point reaches (tests/test_imaging.py:1)"},
    ],
  },
  "v14-blacksheep-wiki": {
    verdict: "block", total: 6, reachable: 1,
    // BlackSheep (Procfile `uvicorn wiki.server:app`): Controller classes' `@get`/`@post` methods, in modules the server imports.
    findings: [
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["wiki/server.py:script -> wiki/server.py:8 -> wiki/controllers/pages.py:7 -> wiki/controllers/pages.py:11 -> wiki/controllers/pages.py:13 -> wiki/render.py:7 -> wiki/render.py:11 -> markdown2.markdown"]},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_render.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (wiki/templates.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (wiki/templates.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (wiki/templates.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_render.py:1)"},
    ],
  },
  "v14-wagtail-blog": {
    verdict: "block", total: 4, reachable: 1,
    // Wagtail on Django: Wagtail imports every installed app's wagtail_hooks.py, whose `@hooks.register("before_serve_page")` functions it calls.
    findings: [
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["blog/wagtail_hooks.py:hooks -> blog/wagtail_hooks.py:7 -> blog/wagtail_hooks.py:10 -> blog/rendering.py:6 -> blog/rendering.py:10 -> markdown2.markdown"]},
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; PyJWT is used only by code that no entry point reaches (blog/tests/test_rendering.py:1)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "requests is used by reachable code (blog/links.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (blog/links.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v14-rayserve-summarizer": {
    verdict: "block", total: 6, reachable: 2,
    // Ray Serve (Dockerfile `serve run summarizer.app:app`): a `@serve.deployment(...)` class, whose __init__ and __call__ each replica runs.
    findings: [
      {"id": "PYSEC-2022-183", "pkg": "httpx", "version": "0.19.0", "severity": "critical", "cvss": null, "level": "function", "symbols": ["httpx.Client"], "paths": ["summarizer/app.py:script -> summarizer/app.py:8 -> summarizer/app.py:12 -> summarizer/fetching.py:5 -> summarizer/fetching.py:9 -> httpx.Client"]},
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["summarizer/app.py:script -> summarizer/app.py:4 -> summarizer/cleaning.py:4 -> lxml.html.clean.Cleaner", "summarizer/app.py:script -> summarizer/app.py:8 -> summarizer/app.py:17 -> summarizer/app.py:20 -> summarizer/cleaning.py:8 -> lxml.html.clean.Cleaner.clean_html"]},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "none", "reason": "lxml is used by reachable code (summarizer/cleaning.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; bleach is used only by code that no entry point reaches (tests/test_cleaning.py:1)"},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; bleach is used only by code that no entry point reaches (tests/test_cleaning.py:1)"},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; bleach is used only by code that no entry point reaches (tests/test_cleaning.py:1)"},
    ],
  },
  "v15-esbuild-yaml": {
    verdict: "block", total: 5, reachable: 1,
    // An esbuild plugin (ESM library, `exports` only): its default export returns `{ setup(build) }`; esbuild calls setup and then the callbacks it hands to `build.onLoad`; the parser is picked from a table by file extension.
    findings: [
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/index.js:exports -> src/index.js:8 -> src/index.js:10 -> src/index.js:11 -> src/load.js:9 -> src/parsers.js:4 -> js-yaml.load"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (test/plugin.test.js:1)"},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/keys.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/keys.js:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/keys.js:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v15-postcss-svg-fill": {
    verdict: "block", total: 3, reachable: 1,
    // A PostCSS 8 plugin (`main`, `module.exports.postcss = true`): PostCSS calls the creator and then the returned plugin's listeners, a property-keyed `Declaration` table among them; the parse is a base class's static method reached through `this` in a static method the subclass inherits.
    findings: [
      {"id": "GHSA-776f-qx25-q3cc", "pkg": "xml2js", "version": "0.4.23", "severity": "medium", "cvss": null, "level": "function", "symbols": ["xml2js.parseStringPromise"], "paths": ["index.js:main -> index.js:16 -> index.js:19 -> lib/svg.js:8 -> lib/document.js:9 -> lib/document.js:13 -> xml2js.parseStringPromise"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (test/index.test.js:1)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (lib/compat.js:3), but none of its vulnerable symbols is called"},
    ],
  },
  "v15-prettier-mdlite": {
    verdict: "block", total: 6, reachable: 2,
    // A Prettier plugin (library, `main`): Prettier calls `parsers[name].parse` and `printers[astFormat].print` of the exported object (a function imported from another module, and another module's exports object); the lexer's template method calls the subclass's `lex` through `this`.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.lexer"], "paths": ["src/index.js:main -> src/parser.js:9 -> src/lexer.js:7 -> src/lexer.js:17 -> marked.lexer"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.lexer"], "paths": ["src/index.js:main -> src/parser.js:9 -> src/lexer.js:7 -> src/lexer.js:17 -> marked.lexer"]},
      {"id": "GHSA-35jh-r3h4-6jhm", "pkg": "lodash", "version": "4.17.20", "severity": "high", "cvss": 7.2, "level": "none", "reason": "lodash is used by reachable code (src/printer.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9c47-m6qq-7p4h", "pkg": "json5", "version": "2.2.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; json5 is used only by code that no entry point reaches (tests/format.test.js:1)"},
      {"id": "GHSA-29mw-wpgm-hmr9", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "lodash is used by reachable code (src/printer.js:3), but none of its vulnerable symbols is called"},
      {"id": "GHSA-xxjr-mmjv-4gpg", "pkg": "lodash", "version": "4.17.20", "severity": "medium", "cvss": null, "level": "none", "reason": "lodash is used by reachable code (src/printer.js:3), but none of its vulnerable symbols is called"},
    ],
  },
  "v15-docusaurus-releases": {
    verdict: "block", total: 5, reachable: 3,
    // A Docusaurus plugin (library, `main`): Docusaurus calls the exported factory, then the lifecycle methods of the object it returns (`loadContent`, then `contentLoaded` with its result); the release source is a class picked from a table by an option and made with `new`, whose base method calls the subclass's `fetchEntries` through `this`.
    findings: [
      {"id": "GHSA-rrrm-qjm4-v8hf", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": 7.5, "level": "function", "symbols": ["marked.parse"], "paths": ["src/index.js:main -> src/index.js:14 -> src/index.js:17 -> src/render.js:6 -> marked.parse"]},
      {"id": "GHSA-5v2h-r2cx-5xgj", "pkg": "marked", "version": "4.0.0", "severity": "high", "cvss": null, "level": "function", "symbols": ["marked.parse"], "paths": ["src/index.js:main -> src/index.js:14 -> src/index.js:17 -> src/render.js:6 -> marked.parse"]},
      {"id": "GHSA-mh29-5h37-fv8m", "pkg": "js-yaml", "version": "3.14.1", "severity": "medium", "cvss": null, "level": "function", "symbols": ["js-yaml.load"], "paths": ["src/index.js:main -> src/index.js:11 -> src/index.js:12 -> src/sources.js:13 -> src/sources.js:21 -> src/sources.js:36 -> js-yaml.load"]},
      {"id": "GHSA-hrpp-h998-j3pp", "pkg": "qs", "version": "6.5.2", "severity": "high", "cvss": 7.5, "level": "none", "reason": "dev dependency; qs is used only by code that no entry point reaches (__tests__/sources.test.js:1)"},
      {"id": "GHSA-c2qf-rxjj-qqgw", "pkg": "semver", "version": "7.3.8", "severity": "medium", "cvss": 5.3, "level": "none", "reason": "semver is used by reachable code (src/sources.js:5), but none of its vulnerable symbols is called"},
    ],
  },
  "v15-adonis6-invoices": {
    verdict: "block", total: 6, reachable: 2,
    // AdonisJS v6: `adonisrc.ts` preloads `#start/routes` by lazy import (package.json `imports` subpaths); routes name a controller method as `[LazyController, "send"]`, whose class the container makes with its constructor-injected service.
    findings: [
      {"id": "GHSA-f2jv-r9rf-7988", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["app/controllers/invoices_controller.ts:handler -> app/controllers/invoices_controller.ts:16 -> app/services/invoice_mailer.ts:8 -> app/services/invoice_mailer.ts:16 -> handlebars.compile"]},
      {"id": "GHSA-765h-qjxv-5f44", "pkg": "handlebars", "version": "4.7.6", "severity": "critical", "cvss": 9.8, "level": "function", "symbols": ["handlebars.compile"], "paths": ["app/controllers/invoices_controller.ts:handler -> app/controllers/invoices_controller.ts:16 -> app/services/invoice_mailer.ts:8 -> app/services/invoice_mailer.ts:16 -> handlebars.compile"]},
      {"id": "GHSA-r683-j2x4-v87g", "pkg": "node-fetch", "version": "2.6.6", "severity": "high", "cvss": 8.8, "level": "none", "reason": "dev dependency; node-fetch is used only by code that no entry point reaches (tests/functional/invoices.spec.ts:1)"},
      {"id": "GHSA-hjrf-2m68-5959", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "medium", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (app/controllers/webhooks_controller.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-8cf7-32gw-wr33", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (app/controllers/webhooks_controller.ts:2), but none of its vulnerable symbols is called"},
      {"id": "GHSA-qwph-4952-7xr6", "pkg": "jsonwebtoken", "version": "8.5.1", "severity": "unknown", "cvss": null, "level": "none", "reason": "jsonwebtoken is used by reachable code (app/controllers/webhooks_controller.ts:2), but none of its vulnerable symbols is called"},
    ],
  },
  "v15-sphinx-remoteinclude": {
    verdict: "block", total: 4, reachable: 1,
    // A Sphinx extension (a library with no entry point of its own; a project's conf.py lists it in `extensions`): Sphinx calls the package's `setup(app)`, which hands a directive class to `app.add_directive` (Sphinx calls its `run()` per use) and event handlers to `app.connect`.
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["sphinx_remoteinclude/__init__.py:extension -> sphinx_remoteinclude/__init__.py:9 -> sphinx_remoteinclude/directives.py:14 -> sphinx_remoteinclude/fetch.py:8 -> sphinx_remoteinclude/fetch.py:13 -> requests.get"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (sphinx_remoteinclude/events.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; markdown2 is used only by code that no entry point reaches (tests/test_fetch.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (sphinx_remoteinclude/fetch.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v15-pytest-yamlsnap": {
    verdict: "block", total: 6, reachable: 2,
    // A pytest plugin (`[project.entry-points.pytest11]` names the module): its hooks and fixtures are the plugin's product, so entries (pytest calls them by name, in every suite that installs it); `pytest_configure` registers an object with `config.pluginmanager.register(...)`, whose `pytest_*` methods pytest then calls. The plugin's own tests/ are no entry.
    // Known limit (README): the fixture's `store: SnapshotStore = request.config.stash[STORE_KEY]` is typed only by a local
    // annotation of an imported class, which is not read: store.for_test() is not followed, so pyyaml's yaml.load (really
    // reached: snapshot -> for_test -> Snapshot() -> _load) is none here. Decided by hand: function.
    findings: [
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["pytest_yamlsnap/plugin.py:plugin -> pytest_yamlsnap/plugin.py:17 -> pytest_yamlsnap/report.py:13 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["pytest_yamlsnap/plugin.py:plugin -> pytest_yamlsnap/plugin.py:17 -> pytest_yamlsnap/report.py:13 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (pytest_yamlsnap/store.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_plugin.py:1)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (pytest_yamlsnap/report.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_plugin.py:1)"},
    ],
  },
  "v15-luigi-orders": {
    verdict: "block", total: 6, reachable: 3,
    // luigi (Makefile `luigi --module orders_pipeline.tasks OrdersReport`): the scheduler makes the Task subclasses and calls their hooks (`requires`, `output`, `run`); the base class's `run()` calls each subclass's `build()` through `self`.
    findings: [
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "function", "symbols": ["requests.get"], "paths": ["orders_pipeline/tasks.py:views -> orders_pipeline/tasks.py:17 -> orders_pipeline/tasks.py:27 -> orders_pipeline/extract.py:9 -> requests.get"]},
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["orders_pipeline/tasks.py:views -> orders_pipeline/tasks.py:17 -> orders_pipeline/tasks.py:39 -> orders_pipeline/render.py:7 -> jinja2.Template"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Template"], "paths": ["orders_pipeline/tasks.py:views -> orders_pipeline/tasks.py:17 -> orders_pipeline/tasks.py:39 -> orders_pipeline/render.py:7 -> jinja2.Template"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "dev dependency; pyyaml is used only by code that no entry point reaches (tests/test_render.py:3)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (orders_pipeline/render.py:1), but none of its vulnerable symbols is called"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "requests is used by reachable code (orders_pipeline/extract.py:3), but none of its vulnerable symbols is called"},
    ],
  },
  "v15-sqla-listeners-notes": {
    verdict: "block", total: 7, reachable: 4,
    // Flask app factory (Procfile `gunicorn wsgi:app`) that imports its SQLAlchemy listeners module for its side effect; `@event.listens_for(Note, "before_insert")` hands the listener to SQLAlchemy, which picks the sanitizer from a dict of functions by the row's format.
    findings: [
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["notebook/__init__.py:server -> notebook/__init__.py:12 -> notebook/listeners.py:7 -> notebook/listeners.py:10 -> notebook/sanitize.py:14 -> markdown2.markdown"]},
      {"id": "PYSEC-2020-27", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["notebook/__init__.py:server -> notebook/__init__.py:12 -> notebook/listeners.py:7 -> notebook/listeners.py:10 -> notebook/sanitize.py:10 -> bleach.clean"]},
      {"id": "PYSEC-2020-340", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["notebook/__init__.py:server -> notebook/__init__.py:12 -> notebook/listeners.py:7 -> notebook/listeners.py:10 -> notebook/sanitize.py:10 -> bleach.clean"]},
      {"id": "PYSEC-2021-865", "pkg": "bleach", "version": "3.1.0", "severity": "medium", "cvss": null, "level": "function", "symbols": ["bleach.clean"], "paths": ["notebook/__init__.py:server -> notebook/__init__.py:12 -> notebook/listeners.py:7 -> notebook/listeners.py:10 -> notebook/sanitize.py:10 -> bleach.clean"]},
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "none", "reason": "PyJWT is used by reachable code (notebook/views.py:1), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_notes.py:1)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_notes.py:1)"},
    ],
  },
  "v15-robyn-notes": {
    verdict: "block", total: 5, reachable: 1,
    // Robyn (Dockerfile `python -m notes_api.main`): a SubRouter's `@router.post` routes in a module the app imports and includes; the renderer is an instance taken from a dict with `.get()`, whose base `render()` calls the subclass's `convert()` through `self`.
    // (The file's first entry is its `if __name__ == "__main__":` block: the path's label is `__main__`; the hand row said `script`.)
    findings: [
      {"id": "PYSEC-2020-65", "pkg": "markdown2", "version": "2.3.8", "severity": "medium", "cvss": null, "level": "function", "symbols": ["markdown2.markdown"], "paths": ["notes_api/main.py:__main__ -> notes_api/main.py:4 -> notes_api/routes/notes.py:8 -> notes_api/routes/notes.py:14 -> notes_api/rendering.py:8 -> notes_api/rendering.py:19 -> markdown2.markdown"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (notes_api/config.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2023-192", "pkg": "urllib3", "version": "1.26.5", "severity": "high", "cvss": 8.1, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_rendering.py:1)"},
      {"id": "PYSEC-2023-212", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": 4.2, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_rendering.py:1)"},
      {"id": "GHSA-34jh-p97f-mpxf", "pkg": "urllib3", "version": "1.26.5", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; urllib3 is used only by code that no entry point reaches (tests/test_rendering.py:1)"},
    ],
  },
  "v15-jupyter-nbexport": {
    verdict: "block", total: 5, reachable: 2,
    // A Jupyter server extension (a library; jupyter-config/…/jupyter_nbexport.json enables it): the server calls the package's `_jupyter_server_extension_points()` and `_load_jupyter_server_extension(serverapp)`, which adds an `APIHandler` subclass to the web app (tornado calls its `post`); the exporter comes from a dict of functions.
    findings: [
      {"id": "GHSA-h5c8-rqwp-cp95", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["jupyter_nbexport/handlers.py:views -> jupyter_nbexport/handlers.py:15 -> jupyter_nbexport/exporters.py:9 -> jinja2.Environment.from_string"]},
      {"id": "GHSA-h75v-3vvj-5mfj", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "function", "symbols": ["jinja2.Environment.from_string"], "paths": ["jupyter_nbexport/handlers.py:views -> jupyter_nbexport/handlers.py:15 -> jupyter_nbexport/exporters.py:9 -> jinja2.Environment.from_string"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "none", "reason": "pyyaml is used by reachable code (jupyter_nbexport/settings.py:3), but none of its vulnerable symbols is called"},
      {"id": "PYSEC-2022-202", "pkg": "PyJWT", "version": "1.7.1", "severity": "high", "cvss": null, "level": "none", "reason": "dev dependency; PyJWT is used only by code that no entry point reaches (tests/test_handlers.py:3)"},
      {"id": "PYSEC-2021-66", "pkg": "jinja2", "version": "2.11.2", "severity": "medium", "cvss": null, "level": "none", "reason": "jinja2 is used by reachable code (jupyter_nbexport/exporters.py:1), but none of its vulnerable symbols is called"},
    ],
  },
  "v15-click-lazy-ledger": {
    verdict: "block", total: 5, reachable: 1,
    // Click's documented lazy-loading group (`[project.scripts]`): `@click.group(cls=LazyGroup, lazy_subcommands={...})` hands our Group subclass to Click, which calls its `get_command` override; that imports a subcommand's module by a dotted path from the dict (`importlib.import_module`). `balance` is added directly (`cli.add_command(balance_cmd)`).
    // Known limit (README): the lazy group's `importlib.import_module(modname)` of a dotted path another module's dict holds is
    // not followed; once Click is known to call the group class's methods (`cls=`), that reachable dynamic import makes the
    // negative answers unknown (decided by hand: pyyaml and lxml's PYSEC-2022-230 none). lxml's Cleaner is reached through
    // the directly added `balance` command (the lazily loaded `export` reaches it too).
    findings: [
      {"id": "PYSEC-2021-852", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "function", "symbols": ["lxml.html.clean.Cleaner", "lxml.html.clean.Cleaner.clean_html"], "paths": ["src/ledgerctl/cli.py:script -> src/ledgerctl/cli.py:20 -> src/ledgerctl/commands/balance.py:9 -> src/ledgerctl/statements.py:20 -> src/ledgerctl/statements.py:24 -> lxml.html.clean.Cleaner", "src/ledgerctl/cli.py:script -> src/ledgerctl/cli.py:20 -> src/ledgerctl/commands/balance.py:9 -> src/ledgerctl/statements.py:20 -> src/ledgerctl/statements.py:25 -> lxml.html.clean.Cleaner.clean_html"]},
      {"id": "PYSEC-2021-142", "pkg": "pyyaml", "version": "5.3.1", "severity": "critical", "cvss": 9.8, "level": "unknown", "reason": "dynamic import `importlib.import_module(modname)` at src/ledgerctl/lazy.py:25 in reachable code; what it loads cannot be known (and 1 more)"},
      {"id": "PYSEC-2022-230", "pkg": "lxml", "version": "4.6.4", "severity": "high", "cvss": null, "level": "unknown", "reason": "dynamic import `importlib.import_module(modname)` at src/ledgerctl/lazy.py:25 in reachable code; what it loads cannot be known (and 1 more)"},
      {"id": "PYSEC-2023-74", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": 6.1, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_export.py:3)"},
      {"id": "GHSA-9wx4-h78v-vm56", "pkg": "requests", "version": "2.25.1", "severity": "medium", "cvss": null, "level": "none", "reason": "dev dependency; requests is used only by code that no entry point reaches (tests/test_export.py:3)"},
    ],
  },
};

const NPM_APPS = new Set(["v15-esbuild-yaml", "v15-postcss-svg-fill", "v15-prettier-mdlite", "v15-docusaurus-releases", "v15-adonis6-invoices", "v14-eslint-templates", "v14-vite-mdpages", "v14-gatsby-recipes", "v14-meteor-notes", "v14-babel-inline-yaml", "v14-webpack-pug-loader", "v13-mcp-notes", "v13-moleculer-orders", "v13-bree-digest", "v13-bolt-deploybot", "v13-egg-blog", "v13-kafka-ingest", "v13-loopback-notes", "inversify-billing", "tsyringe-hooks", "oclif-deployer", "pkgctl-commander", "koa-nested-api", "koa-inventory", "lambda-express-notes", "fastify-reports-ts", "piscina-bundles", "next-drafts", "feedctl-cli", "rc-invoices", "expressgen-wiki", "bun-hono-feeds", "nuxt-recipes", "astro-feeds", "bun-pastebin", "express-subapps", "agenda-digest", "nexus-catalog", "cdk-ingest", "nest-scheduler", "solid-tasks", "feathers-chat", "sails-tickets", "azure-orders", "electron-notes", "trpc-board", "catalog-grpc", "gcf-thumbnails", "adonis-blog", "nest-notify", "remix-journal", "sveltekit-shop", "queue-workers", "restify-docs", "lambda-invoices", "acme-workspaces", "docgen-cli", "express-crm", "fastify-pages", "koa-backups", "nest-catalog", "next-storefront", "chat-relay", "edge-renderer", "express-invoices", "express-reports", "express-shop", "fastify-catalog", "fastify-uploads", "fastify-wiki", "graphql-library", "hapi-reports", "hono-links", "koa-notes", "mailroom-worker", "nest-billing", "next-blog", "next-notes", "prefs-service", "relkit-cli", "serverless-orders", "shipyard-monorepo", "sitegen-cli", "ts-gateway", "elysia-pastes", "itty-feeds", "vscode-mdpreview", "sls-ts-orders", "firebase-invites", "probot-triage", "express-importers", "fastify-esm-notes"]);

/** Every file of a fixture app, by path relative to it. */
function appFiles(name: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${entry}/`);
      else out[`${prefix}${entry}`] = readFileSync(full, "utf8");
    }
  };
  walk(join(APPS, name), "");
  return out;
}

let server: Server;
let roots: string;
let key: string;
const scans: Record<string, any> = {};
const findings: Record<string, any[]> = {};

/** Connects a repository made of `files`, scans its default branch, returns the finished scan and its findings. */
async function scanApp(name: string, files: Record<string, string>): Promise<{ scan: any; findings: any[] }> {
  makeRepo(join(roots, name), files);
  const repo = await api(server, "POST", "/v1/repos", { key, body: { name: `apps/${name}`, provider: "local", path: join(roots, name) } });
  expect(repo.status).toBe(201);
  const started = await api(server, "POST", `/v1/repos/${repo.body.id}/scans`, { key });
  expect(started.status).toBe(201);
  // All scans queue at once: the last of the one hundred and eighty-five waits for the others (a quarter of an hour
  // on a loaded machine: 126 apps took 877 s at load 35).
  const scan = await waitForScan(server, key, started.body.id, 1_740_000);
  const res = await api(server, "GET", `/v1/scans/${scan.id}/findings`, { key });
  expect(res.status).toBe(200);
  return { scan, findings: res.body.findings };
}

beforeAll(async () => {
  roots = tempDir("reachd-apps-");
  const dataDir = tempDir("reachd-apps-data-");
  const init = await cli(["init", "--json"], { dataDir });
  expect(init.code).toBe(0);
  key = JSON.parse(init.stdout).api_key;
  // Polling every app's scan at once is not what the rate limit is about.
  const limits = { REACHD_RATE_LIMIT_PER_KEY: "100000", REACHD_RATE_LIMIT_TEAM: "100000" };
  server = await startServer({ dataDir, env: { REACHD_LOCAL_ROOTS: roots, REACHD_WORKERS: "2", ...limits } });
  // All scans queue at once; the two workers take them in turn.
  const done = await Promise.all(Object.keys(EXPECTED).map(async (name) => [name, await scanApp(name, appFiles(name))] as const));
  for (const [name, r] of done) {
    scans[name] = r.scan;
    findings[name] = r.findings;
  }
}, 1_800_000);

afterAll(async () => {
  await server?.stop();
  cleanup(roots ?? "", server?.dataDir ?? "");
});

/** A connected repository by name, paging through GET /v1/repos (more apps than one page holds). */
async function repoNamed(name: string): Promise<any> {
  let cursor: string | null = null;
  do {
    const page: any = (await api(server, "GET", `/v1/repos?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { key })).body;
    const hit = page.repos.find((r: any) => r.name === name);
    if (hit) return hit;
    cursor = page.next_cursor;
  } while (cursor);
  throw new Error(`no repository ${name}`);
}

/** The parts of a finding this suite pins down, in the shape of a Row. */
function rowOf(f: any): Row {
  const r = f.reachability;
  return {
    id: f.advisory_id,
    pkg: f.package,
    version: f.version,
    severity: f.severity,
    cvss: f.cvss_score,
    level: r.level,
    ...(r.symbols.length > 0 ? { symbols: r.symbols } : {}),
    ...(f.call_paths.length > 0 ? { paths: f.call_paths } : {}),
    ...(r.reason !== null ? { reason: r.reason } : {}),
  };
}

function checkApp(name: string, scan: any, list: any[], want: AppExpectation): void {
  expect(scan.status).toBe("complete");
  expect(scan.error).toBeNull();
  expect({ verdict: scan.verdict, total: scan.total_advisories, reachable: scan.reachable_count }).toEqual({
    verdict: want.verdict,
    total: want.total,
    reachable: want.reachable,
  });
  expect(list.map(rowOf)).toEqual(want.findings);
  for (const f of list) {
    const level = f.reachability.level;
    expect(f.reachability.score).toBe(SCORES[level]!);
    expect(f.ecosystem).toBe(NPM_APPS.has(name) ? "npm" : "PyPI");
    const reachable = ["function", "package", "transitive"].includes(level);
    expect(f.reachable).toBe(reachable);
    // A reachable finding names its shortest path; an unreachable one has none and says why.
    expect(f.call_path).toBe(reachable ? f.call_paths[0] : null);
    if (!reachable) expect(f.reachability.reason).toBeString();
    // Every package here is declared by the app itself, or comes in through a sibling workspace (the monorepo) or a
    // committed dependency (express-invoices: handlebars through node_modules/invoice-kit; fastify-pages: js-yaml through page-store).
    // (catalog-grpc: protobufjs comes in through @grpc/proto-loader.)
    const committed = (name === "express-invoices" && f.package === "handlebars") || (name === "fastify-pages" && f.package === "js-yaml") || (name === "catalog-grpc" && f.package === "protobufjs");
    if (name !== "shipyard-monorepo" && name !== "acme-workspaces" && !committed) expect(f.dependency.direct).toBe(true);
    expect(f.dependency.chain).toEqual(f.dependency.direct ? [expect.any(String), f.package] : [expect.any(String), expect.any(String), f.package]);
  }
  // Findings that are not reachable (tests, dead code, other symbols, undecidable) do not count.
  // (Counted per advisory: a monorepo's workspaces each have their finding of one.)
  expect(new Set(list.filter((f) => f.reachable).map((f) => f.advisory_id)).size).toBe(want.reachable);
}

describe("end-to-end verdicts on realistic applications", () => {
  for (const name of Object.keys(EXPECTED)) {
    test(name, () => {
      checkApp(name, scans[name], findings[name]!, EXPECTED[name]!);
    });
  }

  test("every app has a function-level path of 2+ hops, a test-only package and a package used but not via its symbols", () => {
    for (const [name, want] of Object.entries(EXPECTED)) {
      const fn = want.findings.filter((f) => f.level === "function");
      expect({ name, deep: fn.some((f) => f.paths!.some((p) => p.split(" -> ").length >= 4)) }).toEqual({ name, deep: true });
      const testOnly = want.findings.filter((f) => f.level === "none" && f.reason!.includes("used only by code that no entry point reaches"));
      expect({ name, testOnly: testOnly.length > 0 }).toEqual({ name, testOnly: true });
      const otherSymbols = want.findings.filter((f) => /used by reachable code|what it (?:calls|loads) cannot be known/.test(f.reason ?? ""));
      expect({ name, otherSymbols: otherSymbols.length > 0 }).toEqual({ name, otherSymbols: true });
    }
  });

  test("thresholds: block, warning and pass on the same realistic apps", async () => {
    const repoId = async (name: string): Promise<string> => (await repoNamed(`apps/${name}`)).id;
    const scanAt = async (name: string, severity: string) => {
      const res = await api(server, "POST", "/v1/scans", { key, body: { repo_id: await repoId(name), ref: "main", threshold: { severity } } });
      expect(res.status).toBe(201);
      const scan = await waitForScan(server, key, res.body.id, 240_000);
      const list = (await api(server, "GET", `/v1/scans/${scan.id}/findings`, { key })).body.findings;
      return { verdict: scan.verdict, total: scan.total_advisories, reported: list.map((f: any) => f.advisory_id) };
    };
    // The reachable ImageMath.eval finding is critical: still block at "critical".
    expect(await scanAt("fastapi-thumbs", "critical")).toEqual({
      verdict: "block",
      total: 9,
      reported: ["PYSEC-2022-10", "PYSEC-2022-8", "PYSEC-2022-9", "PYSEC-2022-168"],
    });
    // Only the unreachable PyJWT finding is high: reported, nothing reachable → warning.
    expect(await scanAt("django-forum", "high")).toEqual({ verdict: "warning", total: 6, reported: ["PYSEC-2022-202"] });
    // No critical finding at all → pass, though the advisories still match.
    expect(await scanAt("log-digest", "critical")).toEqual({ verdict: "pass", total: 8, reported: [] });
  });

  test("reachable_only keeps just the reachable findings, and the verdict stays block", async () => {
    const repo = await repoNamed("apps/express-shop");
    const res = await api(server, "POST", "/v1/scans", { key, body: { repo_id: repo.id, ref: "main", threshold: { severity: "low", reachable_only: true } } });
    expect(res.status).toBe(201);
    const scan = await waitForScan(server, key, res.body.id, 240_000);
    expect(scan.verdict).toBe("block");
    const list = (await api(server, "GET", `/v1/scans/${scan.id}/findings`, { key })).body.findings;
    expect(list.map((f: any) => f.advisory_id)).toEqual(["GHSA-35jh-r3h4-6jhm"]);
  });
});

// Variants of the apps in other shapes the frameworks allow.
describe("framework variants", () => {
  test("Flask class-based views: `MethodView.as_view()` registered with add_url_rule dispatches to the view's post()", async () => {
    const files = appFiles("flask-inventory");
    files["inventory/api/imports.py"] = [
      "from flask import Blueprint, jsonify, request",
      "from flask.views import MethodView",
      "",
      "from ..services.importer import ManifestImporter",
      "",
      'imports_bp = Blueprint("imports", __name__)',
      "",
      "",
      "class ManifestView(MethodView):",
      "    def post(self):",
      "        importer = ManifestImporter(source=request.remote_addr)",
      "        count = importer.run(request.get_data(as_text=True))",
      '        return jsonify({"imported": count}), 201',
      "",
      "",
      'imports_bp.add_url_rule("/manifest", view_func=ManifestView.as_view("manifest"))',
      "",
    ].join("\n");
    const r = await scanApp("flask-method-view", files);
    const yaml = r.findings.find((f) => f.advisory_id === "PYSEC-2021-142");
    expect(yaml.reachability.level).toBe("function");
    expect(yaml.call_paths).toEqual([
      "inventory/api/imports.py:views -> inventory/api/imports.py:12 -> inventory/services/importer.py:15 -> inventory/services/importer.py:12 -> yaml.FullLoader",
      "inventory/api/imports.py:views -> inventory/api/imports.py:12 -> inventory/services/importer.py:15 -> inventory/services/importer.py:12 -> yaml.load",
    ]);
  });

  test("Typer: `[project.scripts]` names a Typer app object; sub-apps joined with add_typer and a command registered as `app.command(\"report\")(report.report)`", async () => {
    const files = appFiles("dbsnap-cli");
    files["pyproject.toml"] = files["pyproject.toml"]!.replace("click==8.1.7", "typer==0.12.3").replace("dbsnap.cli:cli", "dbsnap.cli:app");
    files["src/dbsnap/cli.py"] = [
      "import typer",
      "",
      "from .commands import report, snapshot",
      "from .config import load_config",
      "",
      'app = typer.Typer(help="Snapshot database tables and report on them.")',
      'app.add_typer(snapshot.app, name="snapshot")',
      'app.command("report")(report.report)',
      "",
      "",
      "@app.callback()",
      'def main(ctx: typer.Context, config: str = "dbsnap.yml"):',
      "    ctx.obj = load_config(config)",
      "",
    ].join("\n");
    files["src/dbsnap/commands/report.py"] = [
      "import typer",
      "",
      "from ..reporting.html import HtmlReport",
      "",
      'DEFAULT_TEMPLATE = "<h1>{{ title }}</h1>"',
      "",
      "",
      'def report(ctx: typer.Context, title: str = "Snapshot report"):',
      '    page = HtmlReport(ctx.obj.get("report_template", DEFAULT_TEMPLATE))',
      '    typer.echo(page.render(title, ctx.obj["out"]))',
      "",
    ].join("\n");
    files["src/dbsnap/commands/snapshot.py"] = [
      "import typer",
      "",
      "from ..storage import write_snapshot",
      "",
      "app = typer.Typer()",
      "",
      "",
      "@app.command()",
      "def take(ctx: typer.Context, table: str):",
      '    typer.echo(write_snapshot(ctx.obj["dsn"], ctx.obj["out"], table))',
      "",
    ].join("\n");
    const r = await scanApp("dbsnap-typer", files);
    const tpl = r.findings.find((f) => f.advisory_id === "GHSA-h5c8-rqwp-cp95");
    expect(tpl.reachability.level).toBe("function");
    expect(tpl.call_paths).toEqual([
      "src/dbsnap/cli.py:script -> src/dbsnap/cli.py:8 -> src/dbsnap/commands/report.py:10 -> src/dbsnap/reporting/html.py:12 -> jinja2.Environment.from_string",
    ]);
  });

  test("AWS SAM: the same Lambda handlers named by a template.yaml (`CodeUri: src/`, `Handler: handlers/orders.create`) instead of serverless.yml", async () => {
    const files = appFiles("serverless-orders");
    delete files["serverless.yml"];
    files["template.yaml"] = [
      "AWSTemplateFormatVersion: '2010-09-09'",
      "Transform: AWS::Serverless-2016-10-31",
      "Globals:",
      "  Function:",
      "    Runtime: nodejs18.x",
      "    CodeUri: src/",
      "Resources:",
      "  CreateOrderFunction:",
      "    Type: AWS::Serverless::Function",
      "    Properties:",
      "      Handler: handlers/orders.create",
      "      Environment:",
      "        Variables:",
      "          TABLE_NAME: !Ref OrdersTable",
      "      Events:",
      "        Create:",
      "          Type: HttpApi",
      "          Properties: { Path: /orders, Method: post }",
      "  AuthorizerFunction:",
      "    Type: AWS::Serverless::Function",
      "    Properties:",
      "      Handler: auth/authorizer.handler",
      "  OrdersTable:",
      "    Type: AWS::Serverless::SimpleTable",
      "",
    ].join("\n");
    const r = await scanApp("sam-orders", files);
    checkApp("serverless-orders", r.scan, r.findings, EXPECTED["serverless-orders"]!);
  });
});

// Python's import rules on layouts that tripped earlier engines (module names shared with packages).
describe("Python module layouts", () => {
  test("Celery's documented layout: a package module named like a package (reports/celery.py with `from celery import Celery`) imports the celery package, not itself", async () => {
    const files = appFiles("celery-reports");
    files["reports/celery.py"] = files["reports/worker.py"]!;
    delete files["reports/worker.py"];
    for (const f of ["reports/__init__.py", "reports/tasks.py"]) files[f] = files[f]!.replace("from .worker import app", "from .celery import app");
    files.Procfile = "worker: celery -A reports worker --loglevel=info\n";
    const r = await scanApp("celery-docs-layout", files);
    checkApp("celery-reports", r.scan, r.findings, EXPECTED["celery-reports"]!);
  });

  test("a script beside a package of the same name (digest.py + digest/): `from digest import formats` resolves to the package, which Python prefers", async () => {
    const files = appFiles("log-digest");
    files["digest.py"] = files["run_digest.py"]!;
    delete files["run_digest.py"];
    const r = await scanApp("digest-script", files);
    const want = JSON.parse(JSON.stringify(EXPECTED["log-digest"]).replaceAll("run_digest.py", "digest.py")) as AppExpectation;
    checkApp("log-digest", r.scan, r.findings, want);
  });
});

// Framework shapes where the framework, not the app, calls the app's code (handler arrays, view
// engines, dependency injection); each is a small variant of an app above.
describe("framework callbacks", () => {
  test("Express: handlers passed as an array (`app.post(path, [mw, handler])`) are called by Express like separate arguments", async () => {
    const files = appFiles("express-shop");
    files["src/server.js"] = files["src/server.js"]!.replace(
      'app.post("/orders/:id/receipt", orders.receipt);',
      'app.post("/orders/:id/receipt", [express.json(), orders.receipt]);',
    );
    const r = await scanApp("express-array-handlers", files);
    checkApp("express-shop", r.scan, r.findings, EXPECTED["express-shop"]!);
  });

  test("Express view engine: `app.set(\"view engine\", \"ejs\")` makes Express load ejs and call its __express (renderFile) on res.render, a use of ejs's vulnerable symbols", async () => {
    const files = appFiles("express-shop");
    const pkg = JSON.parse(files["package.json"]!);
    pkg.dependencies.ejs = "3.1.6";
    files["package.json"] = JSON.stringify(pkg, null, 2);
    const lock = JSON.parse(files["package-lock.json"]!);
    lock.packages[""].dependencies.ejs = "3.1.6";
    lock.packages["node_modules/ejs"] = { version: "3.1.6" };
    files["package-lock.json"] = JSON.stringify(lock, null, 2);
    files["src/server.js"] = files["src/server.js"]!.replace("app.use(express.json());", 'app.use(express.json());\napp.set("view engine", "ejs");');
    files["src/routes/health.js"] = 'exports.health = (req, res) => res.render("health", { query: req.query });\n';
    const r = await scanApp("express-ejs-views", files);
    const ejs = r.findings.filter((f) => f.package === "ejs");
    expect(ejs.map((f) => f.advisory_id).sort()).toEqual(["GHSA-ghr5-ch3p-vcr6", "GHSA-phwq-j96m-2c2q"]);
    for (const f of ejs) expect(f.reachable).toBe(true);
  });

  test("NestJS `@Res() res: Response` (Express's type): `res.redirect()` in a helper the controller calls is express.response.redirect", async () => {
    const files = appFiles("nest-billing");
    const pkg = JSON.parse(files["package.json"]!);
    pkg.dependencies.express = "4.18.2";
    files["package.json"] = JSON.stringify(pkg, null, 2);
    const lock = JSON.parse(files["package-lock.json"]!);
    lock.packages[""].dependencies.express = "4.18.2";
    lock.packages["node_modules/express"] = { version: "4.18.2" };
    files["package-lock.json"] = JSON.stringify(lock, null, 2);
    files["src/invoices/invoices.controller.ts"] = files["src/invoices/invoices.controller.ts"]!
      .replace('Post, UnauthorizedException } from "@nestjs/common";', 'Post, Query, Res, UnauthorizedException } from "@nestjs/common";\nimport type { Response } from "express";\nimport { backTo } from "./redirects";')
      .replace('  @Get(":id")', '  @Get("done")\n  done(@Query("next") next: string, @Res() res: Response) {\n    backTo(res, next);\n  }\n\n  @Get(":id")');
    files["src/invoices/redirects.ts"] = 'import { Response } from "express";\n\nexport function backTo(res: Response, next: string) {\n  res.redirect(303, next || "/invoices");\n}\n';
    const r = await scanApp("nest-res-redirect", files);
    const redirect = r.findings.filter((f) => f.package === "express");
    expect(redirect.map((f) => f.advisory_id).sort()).toEqual(["GHSA-qw6h-vgh9-j6wx", "GHSA-rv95-896h-c2vc"]);
    for (const f of redirect) {
      expect(f.reachability.level).toBe("function");
      expect(f.call_paths).toEqual(["src/invoices/invoices.controller.ts:controller -> src/invoices/invoices.controller.ts:16 -> src/invoices/redirects.ts:4 -> express.response.redirect"]);
    }
  });

  test("NestJS property injection: `@Inject(MAILER) private readonly mailer!: Mailer;` fields (no constructor) are the token's providers too", async () => {
    const files = appFiles("nest-notify");
    files["src/notify/notify.service.ts"] = [
      'import { Inject, Injectable } from "@nestjs/common";',
      'import { MAILER, Mailer } from "../mail/mailer";',
      'import { ARCHIVE_STORE, ArchiveStore } from "../storage/archive-store";',
      "",
      "@Injectable()",
      "export class NotifyService {",
      "  @Inject(MAILER)",
      "  private readonly mailer!: Mailer;",
      "",
      "  @Inject(ARCHIVE_STORE) private readonly archives!: ArchiveStore;",
      "",
      "  welcome(email: string, name: string) {",
      '    return this.mailer.send(email, "welcome", { name });',
      "  }",
      "",
      "  async restoreTemplates(archive: string) {",
      '    await this.archives.restore(archive, "/var/lib/notify/templates");',
      "    return { restored: archive };",
      "  }",
      "}",
      "",
    ].join("\n");
    const r = await scanApp("nest-property-inject", files);
    checkApp("nest-notify", r.scan, r.findings, EXPECTED["nest-notify"]!);
  });

  test("FastAPI dependency injection: `pipeline: Pipeline = Depends(get_pipeline)` gives the route a Pipeline, so pipeline.apply_levels() is followed", async () => {
    const files = appFiles("fastapi-thumbs");
    files["app/routers/thumbs.py"] = [
      "from fastapi import APIRouter, Depends",
      "",
      "from app.imaging.pipeline import Pipeline",
      "",
      "router = APIRouter()",
      "",
      "",
      "def get_pipeline(size: int = 128) -> Pipeline:",
      "    return Pipeline(size)",
      "",
      "",
      '@router.post("/levels")',
      "async def adjust_levels(expression: str, pipeline: Pipeline = Depends(get_pipeline)):",
      '    return {"histogram": pipeline.apply_levels(expression)}',
      "",
    ].join("\n");
    const r = await scanApp("fastapi-depends", files);
    const evalFinding = r.findings.find((f) => f.advisory_id === "PYSEC-2022-10");
    expect(evalFinding.reachability.level).toBe("function");
    expect(evalFinding.call_paths).toContain(
      "app/main.py:server -> app/main.py:3 -> app/routers/thumbs.py:12 -> app/routers/thumbs.py:14 -> app/imaging/pipeline.py:14 -> PIL.ImageMath.eval",
    );
  });
});

// Deployment files that name what runs, and a manifest with no lockfile (small variants of the apps above).
describe("deployment wiring and manifests", () => {
  test("gunicorn: a configuration file named by a Makefile recipe's `$(GUNICORN) -c deploy/gunicorn_prod.py` has its post_fork hook called and its wsgi_app factory run", async () => {
    const files = appFiles("flask-gunicorn-notes");
    files["deploy/gunicorn_prod.py"] = files["gunicorn.conf.py"]!;
    delete files["gunicorn.conf.py"];
    files.Makefile = "GUNICORN ?= gunicorn\n\n.PHONY: run test\n\nrun:\n\t@$(GUNICORN) -c deploy/gunicorn_prod.py\n\ntest:\n\tpytest -q tests\n";
    const r = await scanApp("gunicorn-makefile", files);
    const want = JSON.parse(JSON.stringify(EXPECTED["flask-gunicorn-notes"]).replaceAll("gunicorn.conf.py:", "deploy/gunicorn_prod.py:")) as AppExpectation;
    checkApp("flask-gunicorn-notes", r.scan, r.findings, want);
  });

  test("setup.cfg `install_requires` with no lockfile: each range's lowest version is matched (lowest-match) and reached as with the pins", async () => {
    const files = appFiles("mirrorsync-cli");
    delete files["requirements.txt"];
    const r = await scanApp("setupcfg-manifest", files);
    const rows = r.findings.map((f: any) => [f.advisory_id, `${f.package}@${f.version}`, f.reachability.level]).sort();
    expect(rows).toEqual(SETUP_CFG_ROWS);
  });
});

/** mirrorsync-cli without requirements.txt: setup.cfg's ranges (`urllib3>=1.26` → 1.26), the test pins still dev. */
const SETUP_CFG_ROWS = [
  ["GHSA-34jh-p97f-mpxf", "urllib3@1.26", "function"],
  ["GHSA-9wx4-h78v-vm56", "requests@2.25", "none"],
  ["PYSEC-2021-108", "urllib3@1.26", "function"],
  ["PYSEC-2021-142", "pyyaml@5.3.1", "none"],
  ["PYSEC-2021-59", "urllib3@1.26", "none"],
  ["PYSEC-2022-202", "PyJWT@1.7", "function"],
  ["PYSEC-2022-42992", "GitPython@3.1", "none"],
  ["PYSEC-2023-137", "GitPython@3.1", "none"],
  ["PYSEC-2023-192", "urllib3@1.26", "function"],
  ["PYSEC-2023-212", "urllib3@1.26", "function"],
  ["PYSEC-2023-74", "requests@2.25", "none"],
];
