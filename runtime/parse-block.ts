/** JSON.parse with an honest error: the message and the offset where parsing failed. */
export type ParseOutcome = { ok: true; value: unknown } | { ok: false; message: string; offset: number };

const POSITION = /at position (\d+)/;

export function parseBlock(text: string): ParseOutcome {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const match = POSITION.exec(raw);
    const offset = match ? Number(match[1]) : text.length;
    // V8's message names the position (and sometimes repeats the source); keep only the reason.
    const reason = raw.replace(/\s*in JSON at position \d+.*$/s, "").replace(/^JSON\.parse: /, "").replace(/, ".*$/s, "").trim();
    return { ok: false, message: reason || "invalid JSON", offset };
  }
}
