import { describe, expect, test } from "bun:test";
import { classify, logicalLines, pep503 } from "../../src/scan/inventory/pypi/lines.ts";
import { isDevFile, isRequirementsFile, joinInside } from "../../src/scan/inventory/pypi/requirements.ts";

describe("requirements lines", () => {
  const cases: [string, unknown][] = [
    ["flask==2.2.5", { kind: "pin", name: "flask", version: "2.2.5" }],
    ["flask === 2.2.5", { kind: "pin", name: "flask", version: "2.2.5" }],
    ["Flask[async,dotenv]==2.2.5", { kind: "pin", name: "Flask", version: "2.2.5" }],
    ['flask==2.2.5; python_version < "3.8"', { kind: "pin", name: "flask", version: "2.2.5" }],
    ["flask==2.2.5 --hash=sha256:abc --hash=sha256:def", { kind: "pin", name: "flask", version: "2.2.5" }],
    ["zope.interface==5.4.0", { kind: "pin", name: "zope.interface", version: "5.4.0" }],
    ["pytz==2017.11.5", { kind: "pin", name: "pytz", version: "2017.11.5" }],
    ["flask>=2", { kind: "unpinned", name: "flask" }],
    ["flask", { kind: "unpinned", name: "flask" }],
    ["flask==2.*", { kind: "unpinned", name: "flask" }],
    ["flask==2.2.5,<3", { kind: "unpinned", name: "flask" }],
    ["flask~=2.2", { kind: "unpinned", name: "flask" }],
    ["-r other.txt", { kind: "include", target: "other.txt", constraint: false }],
    ["-rother.txt", { kind: "include", target: "other.txt", constraint: false }],
    ["--requirement=other.txt", { kind: "include", target: "other.txt", constraint: false }],
    ["-c constraints.txt", { kind: "include", target: "constraints.txt", constraint: true }],
    ["--constraint constraints.txt", { kind: "include", target: "constraints.txt", constraint: true }],
    ["-e git+https://github.com/a/b.git#egg=b", { kind: "skip" }],
    ["--index-url https://pypi.org/simple", { kind: "skip" }],
    ["https://example.invalid/x-1.0.tar.gz", { kind: "skip" }],
    ["./local/pkg", { kind: "skip" }],
  ];
  for (const [line, want] of cases) {
    test(line, () => expect(classify(1, line)).toMatchObject(want as object));
  }

  test("continuations, comments and CRLF", () => {
    const text = "# head\r\nflask==2.2.5 \\\r\n  --hash=sha256:aa \\\r\n  --hash=sha256:bb\r\n\r\nrequests==2.31.0  # why\r\n";
    expect(logicalLines(text)).toEqual([
      { line: 2, text: "flask==2.2.5    --hash=sha256:aa    --hash=sha256:bb" },
      { line: 6, text: "requests==2.31.0" },
    ]);
  });

  test("file names", () => {
    expect(["requirements.txt", "a/requirements-prod.txt", "dev-requirements.txt", "requirements/base.txt"].every(isRequirementsFile)).toBe(true);
    expect(["constraints.txt", "requirements/constraints.txt", "notes.txt", "requirements.in"].some(isRequirementsFile)).toBe(false);
    expect(["requirements-dev.txt", "requirements-test.txt", "dev-requirements.txt", "requirements_tests.txt", "requirements/dev.txt"].every(isDevFile)).toBe(true);
    expect(["requirements.txt", "requirements-devices.txt", "latest-requirements.txt"].some(isDevFile)).toBe(false);
  });

  test("includes stay inside the checkout", () => {
    expect(joinInside("a/requirements.txt", "../b.txt")).toBe("b.txt");
    expect(joinInside("requirements.txt", "../b.txt")).toBeNull();
    expect(joinInside("requirements.txt", "/etc/passwd")).toBeNull();
    expect(joinInside("a/b/r.txt", "./c/../d.txt")).toBe("a/b/d.txt");
  });

  test("PEP 503 names", () => expect(pep503("Zope_Interface..x")).toBe("zope-interface-x"));
});
