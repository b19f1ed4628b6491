import { resolveLocalRepo } from "./local.ts";
import { PROVIDERS, fail, ok, type Provider, type RepoSpec, type Result } from "./types.ts";

// Whitespace and control characters are refused everywhere: they are how header, argv and
// config injection usually starts, and no legitimate name, URL, token or ref contains them.
const CONTROL_OR_SPACE = /[\s\x00-\x1f\x7f]/;
const CONTROL = /[\x00-\x1f\x7f]/;

const MAX_REF = 255;
const MAX_URL = 2048;
const MAX_TOKEN = 4096;
const MAX_NAME = 255;

/** Mirrors `git check-ref-format` closely enough that git never reads the ref as an option or revision expression. */
export function isSafeRef(ref: string): boolean {
  if (typeof ref !== "string" || ref.length === 0 || ref.length > MAX_REF) return false;
  if (ref.startsWith("-") || ref.startsWith("/")) return false;
  if (CONTROL_OR_SPACE.test(ref) || /[~^:?*[\\]/.test(ref)) return false;
  if (ref.includes("..") || ref.includes("@{") || ref.includes("//") || ref === "@") return false;
  if (ref.endsWith("/") || ref.endsWith(".") || ref.endsWith(".lock")) return false;
  // A component starting with '.' or ending in '.lock' is refused by git itself.
  return ref.split("/").every((c) => !c.startsWith(".") && !c.endsWith(".lock"));
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

// GitLab groups nest; the others are strictly owner/name. "git" and "local" names are labels
// chosen by the user, so they get the same room as GitLab.
function maxSegments(provider: Provider): number {
  return provider === "github" || provider === "bitbucket" || provider === "gitea" ? 2 : 5;
}

function validateName(name: unknown, provider: Provider): Result<string> {
  const bad = (why: string) => fail<string>("validation_failed", `name ${why}`, "name");
  if (typeof name !== "string" || name.length === 0) return bad("is required (owner/name)");
  if (name.length > MAX_NAME) return bad(`must be at most ${MAX_NAME} characters`);
  const parts = name.split("/");
  const max = maxSegments(provider);
  if (parts.length < 2 || parts.length > max) {
    return bad(max === 2 ? "must be owner/name" : `must be owner/name with at most ${max - 2} subgroup levels`);
  }
  for (const p of parts) {
    if (!SEGMENT.test(p) || p.includes("..")) {
      return bad("parts may use letters, digits, '.', '_' and '-', and may not start with '-' or '.' or contain '..'");
    }
  }
  return ok(name);
}

const CREDENTIALS_IN_URL = "url must not embed credentials; send the token as credential.token";

/**
 * Accepts https:// URLs and ssh URLs (ssh://[user@]host[:port]/path or scp-like user@host:path).
 * Everything else (file://, plain http://, ext:: and other remote helpers, option-like strings)
 * is refused because git would happily run it.
 */
export function checkRemoteUrl(url: string): Result<{ url: string; transport: "https" | "ssh" }> {
  const bad = (why: string) => fail<{ url: string; transport: "https" | "ssh" }>("validation_failed", why, "url");
  if (url.length === 0) return bad("url must not be empty");
  if (url.length > MAX_URL) return bad(`url must be at most ${MAX_URL} characters`);
  if (CONTROL_OR_SPACE.test(url)) return bad("url must not contain whitespace or control characters");
  if (url.startsWith("-")) return bad("url must not start with '-'");
  // "<helper>::<address>" makes git run git-remote-<helper>; ext:: runs arbitrary commands.
  if (url.includes("::")) return bad("url must be an https:// or ssh URL");
  if (url.includes("?") || url.includes("#")) return bad("url must not contain a query or fragment");

  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url)?.[1]?.toLowerCase();
  if (scheme === "https" || scheme === "ssh") {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return bad("url is not a valid URL");
    }
    if (!parsed.hostname || parsed.hostname.startsWith("-")) return bad("url must name a host");
    if (parsed.pathname.length <= 1) return bad("url must include the repository path");
    if (scheme === "https" && (parsed.username || parsed.password)) return bad(CREDENTIALS_IN_URL);
    // An ssh login name is fine (git@host); a password is a credential.
    if (scheme === "ssh" && (parsed.password || parsed.username.startsWith("-"))) return bad(CREDENTIALS_IN_URL);
    if (parsed.pathname.startsWith("/-")) return bad("url path must not start with '-'");
    return ok({ url: scheme + url.slice(scheme.length), transport: scheme });
  }
  if (scheme !== undefined) {
    return bad(scheme === "http" ? "url must use https://, not plain http://" : `url scheme ${scheme}:// is not allowed`);
  }
  // scp-like: git reads "host:path" as ssh only when no '/' comes before the first ':'.
  const scp = /^(?:([A-Za-z0-9_][A-Za-z0-9._-]*)@)?([A-Za-z0-9][A-Za-z0-9.-]*|\[[0-9A-Fa-f:.]+\]):(.+)$/.exec(url);
  if (scp && !scp[0].slice(0, scp[0].indexOf(":")).includes("/")) {
    const path = scp[3] ?? "";
    if (path.startsWith("-")) return bad("url path must not start with '-'");
    if (url.slice(0, url.indexOf("@") + 1).includes(":")) return bad(CREDENTIALS_IN_URL);
    return ok({ url, transport: "ssh" });
  }
  if (/^[^/@]*:[^/@]*@/.test(url)) return bad(CREDENTIALS_IN_URL);
  return bad("url must be an https:// URL or an ssh URL (ssh://user@host/path or user@host:path)");
}

function validateToken(token: unknown): Result<string | null> {
  if (token === undefined || token === null) return ok(null);
  const bad = (why: string) => fail<string | null>("validation_failed", why, "credential.token");
  if (typeof token !== "string" || token.length === 0) return bad("credential.token must be a non-empty string");
  if (token.length > MAX_TOKEN) return bad(`credential.token must be at most ${MAX_TOKEN} characters`);
  // The token ends up in an HTTP header: a CR/LF would let it add headers of its own.
  if (CONTROL_OR_SPACE.test(token)) return bad("credential.token must not contain whitespace or control characters");
  return ok(token);
}

const DEFAULT_HOSTS: Partial<Record<Provider, string>> = {
  github: "https://github.com/",
  gitlab: "https://gitlab.com/",
  bitbucket: "https://bitbucket.org/",
};

export interface RepoSpecInput {
  name: string;
  provider: string;
  url?: string | null;
  path?: string | null;
  token?: string | null;
}

/** Validates the source part of a POST /repos body. `localRoots` is REACHD_LOCAL_ROOTS split on ":". */
export function validateRepoSpec(input: RepoSpecInput, localRoots: string[]): Result<RepoSpec & { name: string }> {
  type Out = RepoSpec & { name: string };
  const provider = input.provider as Provider;
  if (typeof input.provider !== "string" || !PROVIDERS.includes(provider)) {
    return fail("validation_failed", `provider must be one of ${PROVIDERS.join(", ")}`, "provider");
  }
  const name = validateName(input.name, provider);
  if (!name.ok) return name;
  const token = validateToken(input.token);
  if (!token.ok) return token;
  const url = input.url ?? null;
  const path = input.path ?? null;
  if (url !== null && typeof url !== "string") return fail("validation_failed", "url must be a string", "url");
  if (path !== null && typeof path !== "string") return fail("validation_failed", "path must be a string", "path");

  if (provider === "local") {
    if (url !== null) return fail("validation_failed", "a local repository takes path, not url", "url");
    if (token.value !== null) {
      return fail("validation_failed", "credential.token is not used for local repositories", "credential.token");
    }
    if (path === null || path === "") return fail("validation_failed", "path is required for a local repository", "path");
    if (CONTROL.test(path)) return fail("validation_failed", "path must not contain control characters", "path");
    const real = resolveLocalRepo(path, localRoots);
    if (!real.ok) return real;
    return ok<Out>({ name: name.value, provider, url: real.value, path: real.value, token: null });
  }

  if (path !== null) return fail("validation_failed", "path is only for provider local", "path");
  let finalUrl: string;
  let transport: "https" | "ssh" = "https";
  if (url === null || url === "") {
    const host = DEFAULT_HOSTS[provider];
    if (host === undefined) return fail("validation_failed", `url is required for provider ${provider}`, "url");
    finalUrl = host + (name.value.endsWith(".git") ? name.value : `${name.value}.git`);
  } else {
    const checked = checkRemoteUrl(url);
    if (!checked.ok) return checked;
    finalUrl = checked.value.url;
    transport = checked.value.transport;
  }
  if (transport === "ssh" && token.value !== null) {
    // The token travels as an HTTP header; over ssh git authenticates with the service's SSH key.
    return fail("validation_failed", "credential.token only applies to https:// URLs", "credential.token");
  }
  return ok<Out>({ name: name.value, provider, url: finalUrl, path: null, token: token.value });
}

/**
 * Re-checks a stored spec before git sees it: probe and checkout may get specs from the
 * database or from other code, and a URL or token that slipped past validation would reach
 * git's argv or an HTTP header. Returns the URL to hand to git.
 */
export function checkSpec(spec: RepoSpec): Result<string> {
  if (!PROVIDERS.includes(spec.provider)) return fail("validation_failed", "unknown provider", "provider");
  const token = validateToken(spec.token);
  if (!token.ok) return token;
  if (spec.url === null || spec.url === "") return fail("validation_failed", "the repository has no url", "url");
  if (spec.provider === "local") {
    if (!spec.url.startsWith("/") || CONTROL.test(spec.url) || spec.url.split("/").includes("..")) {
      return fail("validation_failed", "path must be absolute", "path");
    }
    return ok(spec.url);
  }
  const url = checkRemoteUrl(spec.url);
  if (!url.ok) return url;
  if (url.value.transport === "ssh" && spec.token !== null) {
    return fail("validation_failed", "credential.token only applies to https:// URLs", "credential.token");
  }
  return ok(url.value.url);
}
