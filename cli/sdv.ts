/** The `sdv` command. */
import { runValidate } from "./validate-command.ts";
import { ADMIN_USAGE, runAdmin } from "./admin-command.ts";

const USAGE = `usage:
  sdv validate <file.json | file.html | - | http(s)://url> [--json] [--min-score N]
${ADMIN_USAGE.replace(/^usage:\n/, "")}

validate exit codes: 0 no errors and score >= --min-score; 1 errors or score below; 2 unusable input
admin: runs on the server's configuration (DATA_DIR or MONGODB_URL); exit 0 done, 1 no such account, 2 usage`;

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case "validate":
    process.exitCode = await runValidate(rest);
    break;
  case "admin":
    process.exitCode = await runAdmin(rest);
    break;
  case "-v":
  case "--version": {
    const { packageVersion } = await import("./version.ts");
    console.log(packageVersion());
    break;
  }
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
