/** The contract's timestamp form: UTC, seconds precision, `Z` suffix. */
export function isoNow(date: Date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
