/**
 * ANSI colour for terminals: on for a TTY, off under NO_COLOR (https://no-color.org) or TERM=dumb;
 * FORCE_COLOR forces it. NO_COLOR wins over FORCE_COLOR (the user's standing wish beats a tool's default).
 */
export interface Paint {
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

export function colourWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== "0") return true;
  return Boolean(stream.isTTY) && env.TERM !== "dumb";
}

const wrap = (on: boolean, open: number, close: number) => (s: string) => (on ? `\x1b[${open}m${s}\x1b[${close}m` : s);

export function paint(on: boolean): Paint {
  return { red: wrap(on, 31, 39), yellow: wrap(on, 33, 39), green: wrap(on, 32, 39), dim: wrap(on, 2, 22), bold: wrap(on, 1, 22) };
}
