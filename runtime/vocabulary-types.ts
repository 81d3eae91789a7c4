/** The compact Schema.org vocabulary in generated/vocabulary.json. */
export interface VocabClass {
  parents: string[];
  datatype?: true;
  pending?: true;
  superseded_by?: string;
  /** Enumeration members (named individuals typed by this class). */
  members?: string[];
}

export interface VocabProperty {
  domains: string[];
  ranges: string[];
  pending?: true;
  superseded_by?: string;
}

export interface Vocabulary {
  schema_org_version: string;
  source: string;
  classes: Record<string, VocabClass>;
  properties: Record<string, VocabProperty>;
}
