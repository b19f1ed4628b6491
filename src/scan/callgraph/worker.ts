// Parse worker: one file at a time, text in, FileFacts out (structured clone). Started by pool.ts;
// also a build entrypoint so `bun build --compile` embeds it (scripts/build.ts).
import { analyseText } from "./analyse.ts";
import type { SourceFile } from "./walk.ts";

export interface WorkRequest {
  id: number;
  src: SourceFile;
  text: string;
}

declare const self: Worker;

self.onmessage = async (event: MessageEvent<WorkRequest>) => {
  const { id, src, text } = event.data;
  try {
    postMessage({ id, facts: await analyseText(src, text) });
  } catch (e) {
    postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
};
