/**
 * The memory of a browser's renderer processes, outside the JavaScript heap the page's watchdog reads:
 * a page's DOM, its text and its layout live there, and a 372-byte brotli page that decoded to 200 MiB of
 * text took a renderer to about 2 GB before its deadline ended it.
 *
 * Every so often while pages render, the browser names its renderer processes (CDP
 * `SystemInfo.getProcessInfo`) and each one's anonymous resident memory is read from `/proc` (RssAnon:
 * what the process itself holds, not the shared libraries every renderer maps). A renderer past the cap is
 * killed: its page crashes and fails with the page's crash error, the browser and the other pages go on
 * (a renderer serves one browser context, and every page has a context of its own). Where `/proc` cannot
 * be read (not Linux) nothing is checked: docs/limits.md says to cap the container then.
 */
import { readFile } from "node:fs/promises";
import type { CDPSession } from "playwright-core";

const INTERVAL_MS = 250;

/** The process's anonymous resident memory in bytes, or null where /proc does not say. */
export async function anonymousMemory(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const match = /^RssAnon:\s+(\d+)\s+kB/m.exec(status);
    return match === null ? null : Number(match[1]) * 1024;
  } catch {
    return null;
  }
}

export interface MemoryWatch {
  stop(): void;
}

/** Watches the renderers of the browser behind `session` while `busy()` says pages are rendering; kills any past `maxBytes`. */
export function watchRendererMemory(session: CDPSession, maxBytes: number, busy: () => boolean): MemoryWatch {
  let checking = false;
  const timer = setInterval(() => {
    if (checking || !busy()) return;
    checking = true;
    void check().finally(() => {
      checking = false;
    });
  }, INTERVAL_MS);
  timer.unref();

  async function check(): Promise<void> {
    let processes: Array<{ type: string; id: number }>;
    try {
      processes = (await session.send("SystemInfo.getProcessInfo")).processInfo;
    } catch {
      return; // the browser is closing or gone: nothing to watch
    }
    for (const { type, id } of processes) {
      if (type !== "renderer") continue;
      const bytes = await anonymousMemory(id);
      if (bytes === null || bytes <= maxBytes) continue;
      try {
        process.kill(id, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }

  return { stop: () => clearInterval(timer) };
}
