// Structured one-line JSON logs on stderr. Callers pass safe fields only: no tokens, no keys.
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const ORDER = { debug: 0, info: 1, warn: 2, error: 3 } as const;
type Level = keyof typeof ORDER;

export function createLogger(level: Level = "info", sink: (line: string) => void = (l) => process.stderr.write(l + "\n")): Logger {
  const emit = (at: Level, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    sink(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields }));
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
