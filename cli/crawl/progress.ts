/**
 * Crawl progress on standard error. On a terminal: a one-line bar redrawn in place, fitted to any
 * width (a terminal that reports 0 columns, as some CI and container TTYs do, gets the plain lines
 * instead). Without a terminal: a progress line at least every 10 seconds, so that a CI service that
 * kills silent jobs sees the crawl alive, and a log reader sees how far it got.
 */
export interface Progress {
  tick(label: string, ok?: boolean): void;
  /** Something worth a line of its own (a retry after a 429). */
  note(text: string): void;
  /** The pages to validate are now `total` (a link crawl finds more as it goes). */
  grow(total: number): void;
  done(): void;
}

/** Lines without a terminal: at most this far apart (a timer also fires when no page finishes). */
const LINE_EVERY_MS = 9_000;
const BAR_WIDTH = 30;

export interface ProgressOptions {
  stream?: NodeJS.WriteStream;
  /** Tests shorten the interval of the plain lines. */
  everyMs?: number;
  now?: () => number;
}

export function progressBar(total: number, options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const everyMs = options.everyMs ?? (Number(process.env.SDV_PROGRESS_EVERY_MS) || LINE_EVERY_MS);
  const now = options.now ?? Date.now;
  if (total === 0) return { tick() {}, note() {}, grow() {}, done() {} };
  const started = now();
  let count = 0;
  let failed = 0;
  // Columns are read at each draw: a terminal can be resized (or report 0) at any time.
  const columns = () => (stream.isTTY ? (stream.columns ?? 80) : 0);
  const useBar = () => stream.isTTY === true && columns() >= 20;
  let drawn = false;

  const line = () => {
    const seconds = Math.round((now() - started) / 1000);
    return `sdv crawl: ${count}/${total} pages validated${failed ? ` (${failed} not validated)` : ""}, ${seconds} s`;
  };
  let last = now();
  const plain = () => {
    last = now();
    stream.write(`${line()}\n`);
  };
  const clear = () => {
    if (drawn) stream.write(`\r${" ".repeat(Math.max(0, columns() - 1))}\r`);
    drawn = false;
  };
  const draw = (label: string) => {
    const width = columns() - 1;
    const filled = Math.round((count / total) * BAR_WIDTH);
    const text = `[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}] ${count}/${total} ${label}`;
    stream.write(`\r${text.slice(0, width).padEnd(width)}`);
    drawn = true;
  };

  if (!useBar()) plain();
  const timer = setInterval(() => {
    if (!useBar() && now() - last >= everyMs - 50) plain();
  }, everyMs);
  timer.unref();

  return {
    tick(label, ok = true) {
      count++;
      if (!ok) failed++;
      if (useBar()) draw(label);
      else {
        if (drawn) clear();
        if (now() - last >= everyMs) plain();
      }
    },
    grow(n) {
      total = Math.max(total, n);
    },
    note(text) {
      clear();
      stream.write(`sdv crawl: ${text}\n`);
    },
    done() {
      clearInterval(timer);
      if (useBar()) clear();
      else plain();
    },
  };
}
