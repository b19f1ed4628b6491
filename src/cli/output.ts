// Human text or one JSON document on stdout; errors on stderr.
export interface Output {
  json: boolean;
  result(data: unknown, lines: string[]): void;
  error(message: string): void;
  info(message: string): void;
}

export function output(json: boolean): Output {
  return {
    json,
    result(data, lines) {
      process.stdout.write(json ? JSON.stringify(data) + "\n" : lines.join("\n") + "\n");
    },
    error(message) {
      process.stderr.write(json ? JSON.stringify({ error: message }) + "\n" : `reachd: ${message}\n`);
    },
    info(message) {
      if (!json) process.stderr.write(message + "\n");
    },
  };
}
