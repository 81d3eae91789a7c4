/**
 * A return policy defined once as a node of its own and referenced by @id from offers (the merchant
 * listing page's product variants example, `"hasMerchantReturnPolicy": {"@id": "#return_policy"}`) is an
 * offer-level policy. The merchant listing page's MerchantReturnPolicy table for it recommends only
 * merchantReturnDays, returnFees, returnMethod and returnShippingFeesAmount ("the properties supported for
 * offer-level return policies are a subset of the properties supported for organization-level return
 * policies"); the same policy nested in the offer is checked with that subset (Product.yaml). The node's
 * own rule set (MerchantReturnPolicy.yaml) is the organization-level page's, whose further recommendations
 * (itemCondition, refundType, returnLabelSource, returnPolicyCountry) were warnings on the documentation's
 * own example. They are dropped from a policy node that offers reference and no organization does.
 */
import { isObject, isReferenceOnly, type JsonObject } from "../json.ts";
import { hasType, type ReferenceResolver } from "../rule-runtime.ts";
import { subtypes } from "../type-hierarchy.ts";
import type { SchemaResult } from "../types.ts";
import type { Entity } from "./collect.ts";

/** What the organization-level page recommends beyond the offer-level table. */
const ORGANIZATION_LEVEL_ONLY = new Set(["itemCondition", "refundType", "returnLabelSource", "returnPolicyCountry"]);

/** Objects looked at per page, at most, for references: a hostile graph is not walked whole for this. */
const MAX_OBJECTS = 20_000;

const POLICY = "MerchantReturnPolicy";

interface Referrers {
  offer: boolean;
  organization: boolean;
}

/**
 * `judged`: the page's nodes with their results; `entities`: the top-level nodes of each block. Changes
 * the results in place, before their scores are worked out.
 */
export function applyOfferLevelPolicies(judged: ReadonlyArray<{ entity: Entity; result: SchemaResult }>, entities: readonly (readonly Entity[])[], resolver: ReferenceResolver): void {
  let policies: Array<{ node: JsonObject; result: SchemaResult }> | null = null;
  for (const { entity, result } of judged) if (result.type === POLICY && typeof entity.node["@id"] === "string") (policies ??= []).push({ node: entity.node, result });
  if (policies === null) return;
  const referrers = policyReferrers(entities.flatMap((block) => block.map((e) => e.node)), resolver);
  if (referrers.size === 0) return;
  for (const { node, result } of policies) {
    const target = resolver.resolve(node["@id"] as string) ?? node;
    const by = referrers.get(target);
    if (by === undefined || !by.offer || by.organization) continue;
    const dropped = result.warnings.filter((w) => w.code === "missing-recommended" && ORGANIZATION_LEVEL_ONLY.has(w.property));
    if (dropped.length === 0) continue;
    result.warnings = result.warnings.filter((w) => !dropped.includes(w));
    result.properties_missing_recommended = result.properties_missing_recommended.filter((p) => !ORGANIZATION_LEVEL_ONLY.has(p));
    // The score is worked out from the findings kept (engine.ts), as for any node.
    result.score = undefined;
  }
}

/** Who references each policy by @id: offers, organizations (by the node the reference resolves to). */
function policyReferrers(roots: readonly JsonObject[], resolver: ReferenceResolver): Map<JsonObject, Referrers> {
  const offers = subtypes("Offer");
  const organizations = subtypes("Organization");
  const out = new Map<JsonObject, Referrers>();
  const stack: unknown[] = [...roots];
  let seen = 0;
  while (stack.length > 0 && seen < MAX_OBJECTS) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    if (!isObject(value)) continue;
    seen++;
    const policy = value.hasMerchantReturnPolicy;
    if (policy !== undefined) {
      const offer = hasType(value, offers);
      const organization = !offer && hasType(value, organizations);
      for (const item of Array.isArray(policy) ? policy : [policy]) {
        if (!isObject(item) || typeof item["@id"] !== "string" || !isReferenceOnly(item)) continue;
        const target = resolver.resolve(item["@id"]);
        if (target === undefined) continue;
        let by = out.get(target);
        if (by === undefined) out.set(target, (by = { offer: false, organization: false }));
        // An offer written without @type is read as an Offer (Product.yaml); a holder of another type is neither.
        if (offer || (value["@type"] === undefined && value.price !== undefined)) by.offer = true;
        if (organization) by.organization = true;
      }
    }
    for (const key in value) if (key !== "@context") stack.push(value[key]);
  }
  return out;
}
