import { describe, expect, test } from "bun:test";
import type { FindingView } from "../../src/scan/report/finding.ts";
import { advisorySource, normalizePypiName, purl, toCycloneDx, toOpenVex, uuidV5 } from "../../src/scan/report/vex.ts";
import { allStrings, byPackage, loadFindings, SCAN } from "./helpers.ts";

interface Statement {
  vulnerability: { name: string; description?: string; aliases: string[] };
  products: { "@id": string; identifiers: { purl: string } }[];
  status: string;
  justification?: string;
  impact_statement?: string;
  action_statement?: string;
  status_notes?: string;
}
interface OpenVex {
  "@context": string;
  "@id": string;
  author: string;
  timestamp: string;
  version: number;
  statements: Statement[];
}
interface CdxVuln {
  "bom-ref": string;
  id: string;
  source: { name: string };
  references: { id: string; source: { name: string } }[];
  ratings: { severity: string; score?: number; method?: string }[];
  analysis: { state: string; justification?: string; response?: string[]; detail: string };
  affects: { ref: string }[];
  recommendation: string;
}
interface Cdx {
  bomFormat: string;
  specVersion: string;
  serialNumber: string;
  version: number;
  metadata: { timestamp: string; tools: { components: { name: string; version: string }[] } };
  components: { "bom-ref": string; purl: string; name: string; group?: string; version: string }[];
  vulnerabilities: CdxVuln[];
}

const findings = loadFindings();

function withLevel(f: FindingView, level: FindingView["reachability"]["level"]): FindingView {
  const reachable = level === "function" || level === "package" || level === "transitive";
  return {
    ...f,
    reachable,
    call_path: reachable ? "src/a.js:main -> src/a.js:3 -> x" : null,
    call_paths: reachable ? ["src/a.js:main -> src/a.js:3 -> x"] : [],
    reachability: { ...f.reachability, level, reason: level === "unknown" ? "file failed to parse: src/b.js" : null },
  };
}

const LEVELS = ["function", "package", "transitive", "none", "unknown"] as const;

describe("purl", () => {
  test("npm, plain and scoped (@ percent-encoded)", () => {
    expect(purl("npm", "lodash", "4.17.20")).toBe("pkg:npm/lodash@4.17.20");
    expect(purl("npm", "@babel/traverse", "7.22.5")).toBe("pkg:npm/%40babel/traverse@7.22.5");
    expect(purl("npm", "@Types/Node", "20.1.0")).toBe("pkg:npm/%40types/node@20.1.0");
  });
  test("PyPI names are PEP 503 normalised", () => {
    expect(purl("PyPI", "Flask_Cors", "3.0.10")).toBe("pkg:pypi/flask-cors@3.0.10");
    expect(purl("PyPI", "PyYAML", "5.3")).toBe("pkg:pypi/pyyaml@5.3");
    expect(purl("PyPI", "zope.interface", "6.0")).toBe("pkg:pypi/zope-interface@6.0");
    expect(purl("PyPI", "Foo__-.Bar", "1")).toBe("pkg:pypi/foo-bar@1");
    expect(normalizePypiName("Django_REST.framework")).toBe("django-rest-framework");
  });
  test("versions are percent-encoded (local versions, build metadata)", () => {
    expect(purl("PyPI", "torch", "2.1.0+cu118")).toBe("pkg:pypi/torch@2.1.0%2Bcu118");
    expect(purl("PyPI", "pkg", "1!2.0.post1")).toBe("pkg:pypi/pkg@1!2.0.post1");
    expect(purl("npm", "x", "1.0.0-beta.1+build 7")).toBe("pkg:npm/x@1.0.0-beta.1%2Bbuild%207");
  });
  test("a hostile name cannot add segments, qualifiers or a subpath", () => {
    expect(purl("npm", "a/../b?x=1#sub", "1.0.0")).toBe("pkg:npm/a%2F..%2Fb%3Fx%3D1%23sub@1.0.0");
    expect(purl("npm", "@s/n/m", "1")).toBe("pkg:npm/%40s/n%2Fm@1");
    expect(purl("npm", "@/x", "1")).toBe("pkg:npm/%40%2Fx@1");
  });
});

describe("toOpenVex", () => {
  const doc = toOpenVex(SCAN, findings) as OpenVex;

  test("document header", () => {
    expect(doc["@context"]).toBe("https://openvex.dev/ns/v0.2.0");
    expect(doc["@id"]).toBe("urn:reachd:openvex:scan_01HZX00000000000000000000");
    expect(doc.author).toBe("reachd");
    expect(doc.timestamp).toBe("2024-05-01T12:34:56Z");
    expect(doc.version).toBe(1);
    expect(doc.statements).toHaveLength(findings.length);
  });

  test("status per reachability level", () => {
    const expected = { function: "affected", package: "affected", transitive: "affected", none: "not_affected", unknown: "under_investigation" };
    for (const level of LEVELS) {
      const st = (toOpenVex(SCAN, [withLevel(byPackage(findings, "lodash"), level)]) as OpenVex).statements[0];
      expect(st?.status).toBe(expected[level]);
    }
  });

  test("affected carries an action statement with the fix version, or says none is known", () => {
    const lodash = doc.statements[findings.indexOf(byPackage(findings, "lodash"))];
    expect(lodash?.action_statement).toContain("4.17.21");
    const request = doc.statements[findings.indexOf(byPackage(findings, "request"))];
    expect(request?.status).toBe("affected");
    expect(request?.action_statement?.toLowerCase()).toContain("no fixed version is known");
  });

  test("not_affected: vulnerable_code_not_in_execute_path and an impact statement naming the analysis", () => {
    const st = doc.statements[findings.indexOf(byPackage(findings, "semver"))];
    expect(st?.status).toBe("not_affected");
    expect(st?.justification).toBe("vulnerable_code_not_in_execute_path");
    expect(st?.impact_statement).toContain("reachability analysis");
    expect(st?.action_statement).toBeUndefined();
  });

  test("under_investigation gives the reason", () => {
    const st = doc.statements[findings.indexOf(byPackage(findings, "ejs"))];
    expect(st?.status).toBe("under_investigation");
    expect(st?.status_notes).toContain("dynamic import in src/views.js:7");
    expect(st?.justification).toBeUndefined();
  });

  test("spec rules hold for every statement", () => {
    for (const st of doc.statements) {
      if (st.status === "affected") expect(st.action_statement).toBeString();
      if (st.status === "not_affected") expect(st.justification ?? st.impact_statement).toBeString();
      expect(st.products).toHaveLength(1);
    }
  });

  test("vulnerability: CVE as name when there is one, other ids as aliases", () => {
    const lodash = doc.statements[findings.indexOf(byPackage(findings, "lodash"))];
    expect(lodash?.vulnerability.name).toBe("CVE-2021-23337");
    expect(lodash?.vulnerability.aliases).toEqual(["GHSA-35jh-r3h4-6jhm"]);
    const flask = doc.statements[findings.indexOf(byPackage(findings, "Flask_Cors"))];
    expect(flask?.vulnerability.aliases).toEqual(["GHSA-84pr-m4jr-85g5", "PYSEC-2024-0001"]);
    const pyyaml = doc.statements[findings.indexOf(byPackage(findings, "PyYAML"))];
    expect(pyyaml?.vulnerability.name).toBe("PYSEC-2021-142");
    expect(pyyaml?.vulnerability.aliases).toEqual([]);
  });

  test("products are purls", () => {
    const ids = doc.statements.map((s) => s.products[0]?.["@id"]);
    expect(ids).toContain("pkg:npm/%40babel/traverse@7.22.5");
    expect(ids).toContain("pkg:pypi/flask-cors@3.0.10");
    for (const s of doc.statements) expect(s.products[0]?.identifiers.purl).toBe(s.products[0]?.["@id"]!);
  });

  test("timestamp falls back to now when the scan has no completion time", () => {
    const d = toOpenVex({ ...SCAN, completed_at: null }, []) as OpenVex;
    expect(d.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(d.statements).toEqual([]);
  });
});

describe("toCycloneDx", () => {
  const bom = toCycloneDx(SCAN, findings) as Cdx;

  test("document header", () => {
    expect(bom.bomFormat).toBe("CycloneDX");
    expect(bom.specVersion).toBe("1.5");
    expect(bom.version).toBe(1);
    expect(bom.serialNumber).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bom.metadata.timestamp).toBe("2024-05-01T12:34:56Z");
    expect(bom.metadata.tools.components[0]?.name).toBe("reachd");
  });

  test("serial number is deterministic per scan", () => {
    expect((toCycloneDx(SCAN, []) as Cdx).serialNumber).toBe(bom.serialNumber);
    expect((toCycloneDx({ ...SCAN, id: "scan_other" }, []) as Cdx).serialNumber).not.toBe(bom.serialNumber);
  });

  test("one component per purl, and every affects ref resolves to one", () => {
    const dup = [...findings, { ...byPackage(findings, "lodash"), id: "fnd_dup", advisory_id: "GHSA-other", cve_id: null, aliases: [] }];
    const b = toCycloneDx(SCAN, dup) as Cdx;
    const refs = b.components.map((c) => c["bom-ref"]);
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs.length).toBe(new Set(dup.map((f) => purl(f.ecosystem, f.package, f.version))).size);
    for (const c of b.components) expect(c.purl).toBe(c["bom-ref"]);
    for (const v of b.vulnerabilities) expect(refs).toContain(v.affects[0]?.ref!);
    const allRefs = [...refs, ...b.vulnerabilities.map((v) => v["bom-ref"])];
    expect(new Set(allRefs).size).toBe(allRefs.length);
  });

  test("scoped npm component has group and name", () => {
    const c = bom.components.find((x) => x.purl === "pkg:npm/%40babel/traverse@7.22.5");
    expect(c?.group).toBe("@babel");
    expect(c?.name).toBe("traverse");
  });

  test("analysis state per reachability level; code_not_reachable only for not_affected", () => {
    const expected = { function: "exploitable", package: "exploitable", transitive: "exploitable", none: "not_affected", unknown: "in_triage" };
    for (const level of LEVELS) {
      const v = (toCycloneDx(SCAN, [withLevel(byPackage(findings, "lodash"), level)]) as Cdx).vulnerabilities[0];
      expect(v?.analysis.state).toBe(expected[level]);
      expect(v?.analysis.justification).toBe(level === "none" ? "code_not_reachable" : (undefined as unknown as string));
      expect(v?.analysis.detail.length).toBeGreaterThan(0);
    }
    const ejs = bom.vulnerabilities[findings.indexOf(byPackage(findings, "ejs"))];
    expect(ejs?.analysis.detail).toContain("dynamic import in src/views.js:7");
  });

  test("ratings: CVSSv31 with the score when known, severity only otherwise", () => {
    const lodash = bom.vulnerabilities[findings.indexOf(byPackage(findings, "lodash"))];
    expect(lodash?.ratings).toEqual([{ severity: "high", score: 7.2, method: "CVSSv31" }]);
    const pyyaml = bom.vulnerabilities[findings.indexOf(byPackage(findings, "PyYAML"))];
    expect(pyyaml?.ratings).toEqual([{ severity: "unknown" }]);
  });

  test("id and source: CVE from NVD, else the advisory's own source; other ids as references", () => {
    const lodash = bom.vulnerabilities[findings.indexOf(byPackage(findings, "lodash"))];
    expect(lodash?.id).toBe("CVE-2021-23337");
    expect(lodash?.source.name).toBe("NVD");
    expect(lodash?.references).toEqual([{ id: "GHSA-35jh-r3h4-6jhm", source: { name: "GitHub" } }]);
    const pyyaml = bom.vulnerabilities[findings.indexOf(byPackage(findings, "PyYAML"))];
    expect(pyyaml?.id).toBe("PYSEC-2021-142");
    expect(pyyaml?.source.name).toBe("PyPA");
    expect(advisorySource("OSV-2020-1")).toBe("OSV");
  });

  test("update response only when a fix exists", () => {
    expect(bom.vulnerabilities[findings.indexOf(byPackage(findings, "lodash"))]?.analysis.response).toEqual(["update"]);
    const request = bom.vulnerabilities[findings.indexOf(byPackage(findings, "request"))];
    expect(request?.analysis.response).toBeUndefined();
    expect(request?.recommendation.toLowerCase()).toContain("no fixed version is known");
  });
});

describe("hostile text in VEX documents", () => {
  for (const [name, doc] of [["openvex", toOpenVex(SCAN, findings)], ["cyclonedx", toCycloneDx(SCAN, findings)]] as const) {
    test(`${name}: no control characters, markup kept as data`, () => {
      const strings = allStrings(doc);
      for (const s of strings) expect(s).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(strings.some((s) => s.includes("CRITICAL <script>alert(1)</script> takeover second line"))).toBe(true);
      expect(strings.some((s) => s.includes("pwned"))).toBe(false);
    });
  }
});

test("uuidV5 matches the RFC 4122 test vector", () => {
  expect(uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
});
