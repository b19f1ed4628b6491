import { describe, expect, test } from "bun:test";
import type { FindingView } from "../../src/scan/report/finding.ts";
import { FINGERPRINT_KEY, findingFingerprint, relativeUri, sarifLevel, toSarif } from "../../src/scan/report/sarif.ts";
import { allStrings, byPackage, loadFindings, SCAN } from "./helpers.ts";

// The SARIF log is plain JSON; these narrow views keep the assertions typed.
interface Loc {
  physicalLocation?: { artifactLocation: { uri: string; uriBaseId?: string }; region?: { startLine: number } };
  logicalLocations?: { name?: string; fullyQualifiedName: string; kind: string }[];
  message?: { text: string };
}
interface Result {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: Loc[];
  codeFlows?: { threadFlows: { locations: { location: Loc }[] }[] }[];
  partialFingerprints: Record<string, string>;
  properties: Record<string, unknown>;
}
interface Rule {
  id: string;
  shortDescription: { text: string };
  helpUri?: string;
  properties: { "security-severity"?: string; tags: string[] };
}
interface Log {
  $schema: string;
  version: string;
  runs: { tool: { driver: { name: string; version: string; rules: Rule[] } }; invocations: { endTimeUtc?: string }[]; results: Result[] }[];
}

function sarif(findings: FindingView[]): Log {
  return toSarif(SCAN, findings) as Log;
}

function run(findings: FindingView[]) {
  const r = sarif(findings).runs[0];
  if (r === undefined) throw new Error("no run");
  return r;
}

function resultFor(findings: FindingView[], pkg: string): Result {
  const i = findings.findIndex((f) => f.package === pkg);
  const r = run(findings).results[i];
  if (r === undefined) throw new Error(`no result for ${pkg}`);
  return r;
}

const findings = loadFindings();

describe("toSarif: document", () => {
  test("SARIF 2.1.0, one run, reachd driver, timestamp from the scan", () => {
    const log = sarif(findings);
    expect(log.version).toBe("2.1.0");
    expect(log.$schema).toContain("sarif-schema-2.1.0.json");
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0]?.tool.driver.name).toBe("reachd");
    expect(log.runs[0]?.tool.driver.version).toBe("0.1.0");
    expect(log.runs[0]?.invocations[0]?.endTimeUtc).toBe("2024-05-01T12:34:56Z");
    expect(log.runs[0]?.results).toHaveLength(findings.length);
  });

  test("one rule per advisory id, referenced by ruleId and ruleIndex", () => {
    const twice = [...findings, { ...byPackage(findings, "lodash"), id: "fnd_other", version: "4.17.19" }];
    const r = run(twice);
    const ids = r.tool.driver.rules.map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(new Set(twice.map((f) => f.advisory_id)).size);
    for (const res of r.results) expect(r.tool.driver.rules[res.ruleIndex]?.id).toBe(res.ruleId);
    const lodash = r.results.filter((x) => x.ruleId === "GHSA-35jh-r3h4-6jhm");
    expect(lodash).toHaveLength(2);
    expect(lodash[0]?.ruleIndex).toBe(lodash[1]?.ruleIndex!);
  });

  test("rules: summary as shortDescription, security-severity only when the score is known, no outside links", () => {
    const rules = run(findings).tool.driver.rules;
    const lodash = rules.find((x) => x.id === "GHSA-35jh-r3h4-6jhm");
    expect(lodash?.shortDescription.text).toBe("Command Injection in lodash");
    expect(lodash?.properties["security-severity"]).toBe("7.2");
    expect(lodash?.properties.tags).toContain("security");
    const pyyaml = rules.find((x) => x.id === "PYSEC-2021-142");
    expect(pyyaml?.properties["security-severity"]).toBeUndefined();
    for (const rule of rules) expect(rule.helpUri).toBeUndefined();
    const log = sarif(findings);
    const links = allStrings({ ...log, $schema: "" }).filter((s) => /https?:\/\//.test(s));
    expect(links).toEqual([]);
  });

  test("empty findings: a valid empty run", () => {
    const r = run([]);
    expect(r.results).toEqual([]);
    expect(r.tool.driver.rules).toEqual([]);
  });
});

describe("toSarif: level", () => {
  const cases: [FindingView["severity"], boolean, string][] = [
    ["critical", true, "error"],
    ["high", true, "error"],
    ["medium", true, "warning"],
    ["low", true, "warning"],
    ["unknown", true, "warning"],
    ["critical", false, "note"],
    ["high", false, "note"],
    ["medium", false, "note"],
    ["low", false, "note"],
  ];
  for (const [severity, reachable, level] of cases) {
    test(`${reachable ? "reachable" : "unreachable"} ${severity} → ${level}`, () => {
      expect(sarifLevel({ severity, reachable })).toBe(level as ReturnType<typeof sarifLevel>);
    });
  }
  test("applied to the fixture results", () => {
    expect(resultFor(findings, "minimist").level).toBe("error");
    expect(resultFor(findings, "Flask_Cors").level).toBe("warning");
    expect(resultFor(findings, "semver").level).toBe("note");
    expect(resultFor(findings, "ejs").level).toBe("note"); // critical but unknown reachability
  });
});

describe("toSarif: message, locations, code flows", () => {
  test("message names package@version, advisory, fix, level and call path", () => {
    const text = resultFor(findings, "lodash").message.text;
    expect(text).toContain("lodash@4.17.20");
    expect(text).toContain("CVE-2021-23337");
    expect(text).toContain("GHSA-35jh-r3h4-6jhm");
    expect(text).toContain("Fixed in 4.17.21");
    expect(text).toContain("Reachability: function");
    expect(text).toContain("src/server.js:main -> src/routes/report.js:42 -> lodash.template");
  });

  test("no fix version and no CVE are said plainly", () => {
    expect(resultFor(findings, "request").message.text).toContain("No fixed version is known");
    const pyyaml = resultFor(findings, "PyYAML").message.text;
    expect(pyyaml).toContain("PYSEC-2021-142");
    expect(pyyaml).not.toContain("null");
  });

  test("unreachable messages say why", () => {
    expect(resultFor(findings, "semver").message.text).toContain("Reachability: none");
    expect(resultFor(findings, "ejs").message.text).toContain("dynamic import in src/views.js:7");
  });

  test("location: the first call site of the first call path", () => {
    const loc = resultFor(findings, "lodash").locations;
    expect(loc).toHaveLength(1);
    expect(loc[0]?.physicalLocation?.artifactLocation.uri).toBe("src/routes/report.js");
    expect(loc[0]?.physicalLocation?.region?.startLine).toBe(42);
    const qs = resultFor(findings, "qs").locations[0];
    expect(qs?.physicalLocation?.artifactLocation.uri).toBe("src/server.js");
    expect(qs?.physicalLocation?.region?.startLine).toBe(14);
  });

  test("a path without a call site falls back to the entry file", () => {
    const f: FindingView = { ...byPackage(findings, "minimist"), call_path: "src/cli.js:main -> minimist", call_paths: ["src/cli.js:main -> minimist"] };
    const loc = run([f]).results[0]?.locations[0];
    expect(loc?.physicalLocation?.artifactLocation.uri).toBe("src/cli.js");
    expect(loc?.physicalLocation?.region).toBeUndefined();
  });

  test("unreachable: the dependency as a logical location, no code flows", () => {
    for (const pkg of ["semver", "ejs"]) {
      const r = resultFor(findings, pkg);
      expect(r.locations[0]?.physicalLocation).toBeUndefined();
      expect(r.locations[0]?.logicalLocations?.[0]?.kind).toBe("module");
      expect(r.codeFlows).toBeUndefined();
    }
    expect(resultFor(findings, "semver").locations[0]?.logicalLocations?.[0]?.fullyQualifiedName).toBe("semver@5.7.1");
  });

  test("one code flow per call path, listing every file:line segment in order", () => {
    const flows = resultFor(findings, "lodash").codeFlows ?? [];
    expect(flows).toHaveLength(2);
    const sites = flows.map((cf) =>
      (cf.threadFlows[0]?.locations ?? [])
        .map((l) => l.location.physicalLocation)
        .filter((p) => p?.region !== undefined)
        .map((p) => `${p?.artifactLocation.uri}:${p?.region?.startLine}`),
    );
    expect(sites).toEqual([["src/routes/report.js:42"], ["src/jobs/email.js:17", "src/lib/render.js:8"]]);
    const first = flows[0]?.threadFlows[0]?.locations ?? [];
    expect(first[0]?.location.physicalLocation?.artifactLocation.uri).toBe("src/server.js");
    expect(first.at(-1)?.location.logicalLocations?.[0]?.fullyQualifiedName).toBe("lodash.template");
  });
});

describe("toSarif: fingerprints", () => {
  test("stable across runs: independent of finding id, paths, reachability and order", () => {
    const f = byPackage(findings, "lodash");
    const moved: FindingView = { ...f, id: "fnd_next_scan", call_path: null, call_paths: [], reachable: false, reachability: { ...f.reachability, level: "none", score: 0.1 } };
    const a = resultFor(findings, "lodash").partialFingerprints[FINGERPRINT_KEY];
    const b = run([moved]).results[0]?.partialFingerprints[FINGERPRINT_KEY];
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a!);
    expect(a).toBe(findingFingerprint(f));
  });
  test("differs by advisory, package or version", () => {
    const f = byPackage(findings, "lodash");
    const base = findingFingerprint(f);
    expect(findingFingerprint({ ...f, version: "4.17.19" })).not.toBe(base);
    expect(findingFingerprint({ ...f, package: "lodash-es" })).not.toBe(base);
    expect(findingFingerprint({ ...f, advisory_id: "GHSA-other" })).not.toBe(base);
  });
  test("every result in the fixture has a distinct fingerprint", () => {
    const fps = run(findings).results.map((r) => r.partialFingerprints[FINGERPRINT_KEY]);
    expect(new Set(fps).size).toBe(findings.length);
  });
});

describe("toSarif: hostile text", () => {
  test("no control characters or escape sequences anywhere in the log", () => {
    const strings = allStrings(sarif(findings));
    for (const s of strings) expect(s).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    const evil = resultFor(findings, "evil-pkg").message.text;
    expect(evil).toContain("CRITICAL <script>alert(1)</script> takeover second line");
    expect(evil).not.toContain("[31m");
    expect(evil).not.toContain("pwned");
  });
  test("a hostile file name is percent-encoded in the URI", () => {
    const loc = resultFor(findings, "evil-pkg").locations[0];
    expect(loc?.physicalLocation?.artifactLocation.uri).toBe("src/%1B%5B2Jwipe.js");
  });
});

describe("relativeUri", () => {
  test("relative, percent-encoded per segment", () => {
    expect(relativeUri("src/routes/report.js")).toBe("src/routes/report.js");
    expect(relativeUri("./src/a.js")).toBe("src/a.js");
    expect(relativeUri("src/my file#1?.js")).toBe("src/my%20file%231%3F.js");
    expect(relativeUri("src/@types/[id].ts")).toBe("src/@types/%5Bid%5D.ts");
    expect(relativeUri("c:evil.js")).toBe("c%3Aevil.js");
  });
});
