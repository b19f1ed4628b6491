// Opaque, time-sortable, prefixed identifiers (acct_, repo_, scan_, key_, fnd_, whk_, usr_, dlv_):
// 10 chars of millisecond time + 16 random chars, Crockford base32, like ULID. Within one
// millisecond the random part is incremented so ids from this process stay strictly ordered,
// which keyset pagination relies on.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export type IdPrefix = "acct" | "repo" | "scan" | "key" | "fnd" | "whk" | "usr" | "dlv";

let lastTime = -1;
let lastRandom: number[] = [];

function encodeTime(ms: number): string {
  let out = "";
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

function nextRandom(now: number): number[] {
  if (now === lastTime) {
    const r = [...lastRandom];
    for (let i = r.length - 1; i >= 0; i--) {
      if (r[i]! < 31) {
        r[i]!++;
        return r;
      }
      r[i] = 0;
    }
    return r;
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b % 32);
}

export function newId(prefix: IdPrefix): string {
  const now = Math.max(Date.now(), lastTime);
  const random = nextRandom(now);
  lastTime = now;
  lastRandom = random;
  return `${prefix}_${encodeTime(now)}${random.map((d) => ALPHABET[d]).join("")}`;
}

const ID_RE = /^(acct|repo|scan|key|fnd|whk|usr|dlv)_[0-9a-hjkmnp-tv-z]{26}$/;

/** True for a well-formed id of the given prefix: used to refuse junk cursors and paths early. */
export function isId(value: string, prefix: IdPrefix): boolean {
  return ID_RE.test(value) && value.startsWith(prefix + "_");
}
