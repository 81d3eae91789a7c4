/** `not_on_last_item`: a required property the last value of the list holding the node may leave out (a breadcrumb's last item). */
import type { InputOf, KeywordDefinition } from "./keyword.ts";

export const notOnLastItem: KeywordDefinition<"not_on_last_item", true> = {
  name: "not_on_last_item",
  schema: {
    const: true,
    description: "A required property that the last value of the list holding this node may leave out (a breadcrumb trail's last ListItem needs no item).",
  },
  check(_on, { rule }, report) {
    if (rule.level !== "required") report("conflict", `not_on_last_item applies to required properties only`);
  },
  apply: () => ({
    keyword: "not_on_last_item",
    // The walk knows whether the node is the last value of its list (Run.lastItem).
    // There it is not required: a broken value is a warning too (Run.checkOnLastItem).
    presence: { missing: (rule) => `{ if (!run.lastItem) run.missing(${rule}, at); }`, present: (local, rule) => `run.checkOnLastItem(${local}, ${rule}, at);` },
    page: { cell: "notes", html: "Not needed on the last item of the list (there a malformed value is a warning)." },
    conditional: true,
  }),
};

declare module "../raw.ts" {
  interface RawKeywordInputs {
    not_on_last_item?: InputOf<typeof notOnLastItem>;
  }
}
