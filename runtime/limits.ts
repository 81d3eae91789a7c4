/**
 * The caps that keep every answer and the work behind it bounded, whatever the input (docs/limits.md).
 * They sit at the engine's intake (blocks, nodes, properties walked) and at report
 * building (issues listed), so every extractor feeding the engine (JSON-LD, Microdata, RDFa) is
 * capped the same way. Past a cap the input is not an error: the report says what was left out,
 * with counts, in the additive `limits` field (see report-caps.ts).
 *
 * Sizes: real pages carry a few blocks and a few dozen nodes; each cap is far above that and far
 * below what makes one request cost more than a few tens of milliseconds of CPU.
 */
export const LIMITS = {
  /** Blocks (scripts, Microdata or RDFa items) validated per page or request; later ones are counted only. */
  blocks: 100,
  /** Nodes (SchemaResults) validated per page or request; later ones are counted only. */
  nodes: 200,
  /** Properties of one object walked by the vocabulary check and listed in properties_found. */
  propertiesPerObject: 200,
  /** Properties walked by the vocabulary check over the whole request. */
  propertiesPerRequest: 10_000,
  /** "Did you mean" searches for unknown names per request (each compares with 1,500 names); later ones get no suggestion. */
  suggestionsPerRequest: 200,
  /** Values of one list property checked by the rules and the vocabulary walk; the rest are counted. */
  valuesPerProperty: 500,
  /**
   * Issues found per page or request before the later nodes are counted, not validated: ten times what
   * an answer lists. Nodes that each reference one large node each find its issues again (199 nodes
   * referencing one of 900 issues found 180,000, 0.9 s for 32 KB); a real page finds a few dozen.
   */
  issuesFoundPerRequest: 10_000,
  /** Issues listed per node; the rest are counted. Above a 25-step recipe missing three properties per step (86). */
  issuesPerNode: 100,
  /** Issues listed per answer; the rest are counted. */
  issuesPerAnswer: 1_000,
  /** Characters of listed issues per answer (names come from the input and nested issues repeat them). */
  issueCharsPerAnswer: 512 * 1024,
  /** Properties named in the summary of omitted issues; the others are added up under "(other)". */
  summaryProperties: 50,
} as const;

export type Limits = typeof LIMITS;

/** The caps in force as a report names them (LimitsReport.caps). */
export function capsInForce(): LimitsReport["caps"] {
  return {
    blocks: LIMITS.blocks,
    nodes: LIMITS.nodes,
    properties_per_object: LIMITS.propertiesPerObject,
    values_per_property: LIMITS.valuesPerProperty,
    issues_per_node: LIMITS.issuesPerNode,
    issues_per_answer: LIMITS.issuesPerAnswer,
    issues_found_per_request: LIMITS.issuesFoundPerRequest,
  };
}

/** Issues left out of the lists, counted (sorted by count, most frequent first). */
export interface OmittedIssues {
  errors: number;
  warnings: number;
  by_code: Record<string, number>;
  by_property: Record<string, number>;
}

/** Present on a result (and on a ValidationResponse) only when a cap was reached. */
export interface LimitsReport {
  truncated: true;
  /** The caps in force, so a caller can tell which one was reached. */
  caps: {
    blocks: number;
    nodes: number;
    properties_per_object: number;
    values_per_property: number;
    issues_per_node: number;
    issues_per_answer: number;
    /** Issues found before later nodes are counted, not validated (additive). */
    issues_found_per_request: number;
  };
  blocks_found: number;
  blocks_not_validated: number;
  nodes_found: number;
  nodes_not_validated: number;
  /** Properties beyond the per-object or per-request walk caps: not checked against the vocabulary. */
  properties_not_checked: number;
  /** Values of list properties past the per-property cap: not checked. */
  values_not_checked: number;
  issues_found: number;
  issues_listed: number;
  omitted_issues: OmittedIssues;
}

/** Per node: what its lists leave out (additive on SchemaResult, only when something was). */
export interface SchemaOmitted {
  errors: number;
  warnings: number;
  properties_found: number;
}
