// An InteractionCounter's interactionType names the kind of interaction counted: an Action type,
// which the search engine's examples write as a Schema.org URL ("https://schema.org/LikeAction")
// and generators often as the bare name ("LikeAction"). Any other text ("books page") names nothing.
import { enumMember } from "./enumeration.ts";
import { subtypes } from "../type-hierarchy.ts";
import type { ValueCheck } from "./value-check.ts";

export const actionType: ValueCheck = {
  name: "action-type",
  description: "a Schema.org Action type, e.g. https://schema.org/LikeAction",
  test(value) {
    if (typeof value !== "string") return "expected an Action type such as https://schema.org/LikeAction, as text";
    const name = enumMember(value.trim());
    if (name !== null && subtypes("Action").has(name)) return null;
    return `not a Schema.org Action type: use one such as https://schema.org/LikeAction`;
  },
};
