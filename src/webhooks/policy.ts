// Where webhooks may point, and the delivery knobs: operator settings from the environment.
// reachd runs on internal networks, so private addresses are normal targets; only the cloud
// metadata / link-local ranges are refused unless the operator lists allowed destinations.
import { BlockList, isIP } from "node:net";
import { ConfigError } from "../config.ts";

export interface WebhookSettings {
  /** null: everything but link-local/metadata; otherwise only these destinations. */
  allow: { hosts: Set<string>; nets: BlockList } | null;
  /** Delay before attempt n+1 after failed attempt n (index n-1); its length + 1 caps attempts. */
  backoffMs: number[];
  timeoutMs: number;
  pollMs: number;
  maxPerAccount: number;
}

export class WebhookConfigError extends ConfigError {}

const DEFAULT_BACKOFF_MS = [30_000, 120_000, 480_000, 1_800_000, 7_200_000];

function denyByDefault(): BlockList {
  const b = new BlockList();
  b.addSubnet("169.254.0.0", 16, "ipv4");
  b.addSubnet("fe80::", 10, "ipv6");
  b.addAddress("fd00:ec2::254", "ipv6");
  return b;
}
const DEFAULT_DENY = denyByDefault();

function parseAllow(raw: string): WebhookSettings["allow"] {
  const hosts = new Set<string>();
  const nets = new BlockList();
  for (const entry of raw.split(",").map((e) => e.trim()).filter(Boolean)) {
    const [addr, bits, extra] = entry.split("/");
    const family = isIP(addr ?? "");
    if (family !== 0) {
      const max = family === 4 ? 32 : 128;
      const prefix = bits === undefined ? max : Number(bits);
      if (extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits))) {
        throw new WebhookConfigError(`REACHD_WEBHOOK_ALLOW: "${entry}" is not a valid CIDR`);
      }
      nets.addSubnet(addr!, prefix, family === 4 ? "ipv4" : "ipv6");
    } else if (/^[a-z0-9.-]{1,253}$/i.test(entry) && bits === undefined) {
      hosts.add(entry.toLowerCase());
    } else {
      throw new WebhookConfigError(`REACHD_WEBHOOK_ALLOW: "${entry}" is neither a host name nor a CIDR`);
    }
  }
  return { hosts, nets };
}

export function loadWebhookSettings(env: Record<string, string | undefined> = process.env): WebhookSettings {
  const allowRaw = env.REACHD_WEBHOOK_ALLOW?.trim();
  let backoffMs = DEFAULT_BACKOFF_MS;
  if (env.REACHD_WEBHOOK_BACKOFF_MS?.trim()) {
    backoffMs = env.REACHD_WEBHOOK_BACKOFF_MS.split(",").map((s) => {
      const t = s.trim();
      if (!/^\d+$/.test(t) || Number(t) > 86_400_000) {
        throw new WebhookConfigError(`REACHD_WEBHOOK_BACKOFF_MS must be a comma-separated list of milliseconds, got "${s}"`);
      }
      return Number(t);
    });
    if (backoffMs.length > 20) throw new WebhookConfigError("REACHD_WEBHOOK_BACKOFF_MS allows at most 20 retries");
  }
  const num = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new WebhookConfigError(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
    }
    return Number(raw);
  };
  return {
    allow: allowRaw ? parseAllow(allowRaw) : null,
    backoffMs,
    timeoutMs: num("REACHD_WEBHOOK_TIMEOUT_MS", 10_000, 100, 120_000),
    pollMs: num("REACHD_WEBHOOK_POLL_MS", 1_000, 10, 60_000),
    maxPerAccount: 20,
  };
}

/** "::ffff:169.254.169.254" is the IPv4 address for policy purposes. */
function normalize(address: string): { address: string; type: "ipv4" | "ipv6" } | null {
  const a = address.replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) return { address: mapped[1]!, type: "ipv4" };
  const family = isIP(a);
  if (family === 0) return null;
  return { address: a, type: family === 4 ? "ipv4" : "ipv6" };
}

/** Is a resolved address (or the host name it came from) an allowed destination? */
export function addressAllowed(settings: WebhookSettings, host: string, address: string): boolean {
  const ip = normalize(address);
  if (!ip) return false;
  if (settings.allow === null) return !DEFAULT_DENY.check(ip.address, ip.type);
  return settings.allow.hosts.has(host.toLowerCase()) || settings.allow.nets.check(ip.address, ip.type);
}

/** True when the host is an IP literal (checked at creation) rather than a name (checked at delivery). */
export function ipLiteral(host: string): string | null {
  const h = host.replace(/^\[|\]$/g, "");
  return isIP(h) !== 0 ? h : null;
}
