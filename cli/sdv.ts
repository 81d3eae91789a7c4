/** The `sdv` command. Each command's module is loaded only when it runs (start-up time is a budget). */
const HELP = `usage: sdv <command> [options]

Commands:
  validate <input>...   validate files, directories, globs, standard input or URLs
  crawl <url>           validate a site: its sitemaps (or the sitemap URL given), within robots.txt
  diff <old> <new>      per-feature eligibility gained and lost, new and fixed errors, between two reports
  fix <file>...         apply the mechanical fixes (a diff, or --write to rewrite the files)
  mcp                   a Model Context Protocol server on standard input and output (for AI agents)
  lsp --stdio           a language server: diagnostics, quick fixes and hovers in editors
  admin <action>        account operations on the service's stores (deactivate, activate, set-plan, ...;
                        with the service: the light sdv package says where to run it)

Options:
  -h, --help            this help (and "sdv <command> --help" for a command's options)
  -v, --version         the version

Run "sdv validate --help" for formats (text, json, sarif, junit, github, csv), --config, --profile,
--baseline, --min-score and --fail-on.`;

const COMMANDS = ["validate", "crawl", "diff", "fix", "mcp", "lsp", "admin", "help"];

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case "validate":
    process.exitCode = await (await import("./validate-command.ts")).runValidate(rest);
    break;
  case "crawl":
    process.exitCode = await (await import("./crawl-command.ts")).runCrawl(rest);
    break;
  case "diff":
    process.exitCode = await (await import("./diff-command.ts")).runDiff(rest);
    break;
  case "fix":
    process.exitCode = await (await import("./fix-command.ts")).runFix(rest);
    break;
  case "mcp":
    process.exitCode = await (await import("./mcp/mcp-command.ts")).runMcp(rest);
    break;
  case "lsp":
    process.exitCode = await (await import("./lsp/lsp-command.ts")).runLsp(rest);
    break;
  case "admin": {
    const admin = await import("./admin-command.ts");
    if (rest.length === 0 || rest[0] === "--help" || rest[0] === "-h") {
      console.log(admin.ADMIN_USAGE);
      process.exitCode = rest.length === 0 ? 2 : 0;
    } else process.exitCode = await admin.runAdmin(rest);
    break;
  }
  case "-v":
  case "--version":
    console.log((await import("./version.ts")).packageVersion());
    break;
  case undefined:
  case "-h":
  case "--help":
  case "help":
    console.log(HELP);
    process.exitCode = command === undefined ? 2 : 0;
    break;
  default: {
    const { closestName } = await import("../runtime/did-you-mean.ts");
    const guess = command.startsWith("-") ? null : closestName(command, COMMANDS);
    console.error(`sdv: unknown ${command.startsWith("-") ? "option" : "command"} "${command}"${guess ? `; did you mean "sdv ${guess}"?` : ""}\n\n${HELP}`);
    process.exitCode = 2;
  }
}
