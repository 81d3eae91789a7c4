/** A one-line progress bar on standard error, drawn only on a terminal (CI logs get none). */
export interface Progress {
  tick(label: string): void;
  done(): void;
}

export function progressBar(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total === 0) return { tick() {}, done() {} };
  let count = 0;
  const width = 30;
  const draw = (label: string) => {
    const filled = Math.round((count / total) * width);
    const columns = stream.columns ?? 80;
    const line = `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${count}/${total} ${label}`;
    stream.write(`\r${line.slice(0, columns - 1).padEnd(columns - 1)}`);
  };
  return {
    tick(label) {
      count++;
      draw(label);
    },
    done() {
      stream.write(`\r${" ".repeat((stream.columns ?? 80) - 1)}\r`);
    },
  };
}
