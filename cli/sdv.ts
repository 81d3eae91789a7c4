/** The `sdv` command. */
import { runValidate } from "./validate-command.ts";

const USAGE = `usage:
  sdv validate <file.json | file.html | - | http(s)://url> [--json] [--min-score N]

exit codes: 0 no errors and score >= --min-score; 1 errors or score below; 2 unusable input`;

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case "validate":
    process.exitCode = await runValidate(rest);
    break;
  case undefined:
  case "-h":
  case "--help":
  case "help":
    console.log(USAGE);
    process.exitCode = command === undefined ? 2 : 0;
    break;
  default:
    console.error(`sdv: unknown command "${command}"\n${USAGE}`);
    process.exitCode = 2;
}
