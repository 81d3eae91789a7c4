/** Command-line usage errors (exit 2) and the checks shared by the commands' options. */
export class UsageError extends Error {}

export function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} takes a whole number from ${min} to ${max} (got ${JSON.stringify(value)})`);
  }
  return n;
}

/**
 * A command's options, or its exit code when there is nothing to run: 0 after printing the help, 2
 * after a usage error (said on standard error with a pointer to the help).
 */
export function optionsOrExit<T>(command: string, help: string, parse: () => T | "help"): T | number {
  let options: T | "help";
  try {
    options = parse();
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`sdv ${command}: ${(err as Error).message}\nRun "sdv ${command} --help" for the options.`);
      return 2;
    }
    throw err;
  }
  if (options !== "help") return options;
  console.log(help);
  return 0;
}
