/** `list_check`: a check over the whole list of values (a breadcrumb trail's positions 1, 2, 3...). */
import { code } from "../html-text.ts";
import { listChecks } from "../../runtime/checks/structure-checks.ts";
import type { InputOf, KeywordDefinition } from "./keyword.ts";

export const listCheck: KeywordDefinition<"list_check", string> = {
  name: "list_check",
  // The names are the runtime's registry: a new list check is usable in rule files without editing this module.
  schema: { enum: Object.keys(listChecks), description: "A check over the whole list of values." },
  apply: (check) => ({
    keyword: "list_check",
    check: {
      field: "listKeywords",
      source: (use) => `${use("runtime/keywords/whole-list.ts", "wholeList")}(${use("runtime/checks/structure-checks.ts", "listChecks")}[${JSON.stringify(check)}])`,
    },
    page: { cell: "values", html: `List check ${code(check)}.` },
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    list_check?: InputOf<typeof listCheck>;
  }
}
