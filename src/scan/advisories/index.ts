// Advisories phase: OSV records in, matches of installed dependencies out.
//   osv.ts       validate + normalise one untrusted record (npm and PyPI entries only)
//   import.ts    file / directory / osv.dev zip / bytes → store, idempotent by `modified`
//   bundled.ts   the embedded default set (bundled/*.json), imported once per bundle version
//   curated.ts, curated-format.ts  the curated vulnerable-symbol set (curated/*.json + operator
//                imports) and its precedence over a record's own symbols at matching time
//   match.ts     dependencies → AdvisoryMatch[] through the (ecosystem, name) index
//   range.ts, versions/  OSV range evaluation over semver (npm) and PEP 440 (PyPI)
//   severity.ts, symbols.ts  CVSS/GHSA severity; vulnerable import paths and symbols
// Known limits: GIT ranges are ignored (the `versions` list stands in for them); only the
// ECOSYSTEM and SEMVER range types are evaluated; a range containing an event version that does
// not parse decides nothing; GHSA affected_functions spellings are interpreted heuristically.
export { importAdvisories, advisoryStatus, type ImportSummary, type ImportInput, type AdvisoryStatus } from "./import.ts";
export { ensureBundledAdvisories } from "./bundled.ts";
export { matchInventory } from "./match.ts";
export { parseOsvRecord, type NormalisedAdvisory } from "./osv.ts";
