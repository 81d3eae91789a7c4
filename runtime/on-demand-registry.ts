/**
 * A registry that imports a rule set's module the first time an input needs it: a cold start that
 * validates one Event compiles one validator, not all of them. The engine's look-ups stay
 * synchronous, so the caller awaits `load(typesIn(prepared))` between preparing and validating.
 * No Node built-ins: the loaders are plain dynamic imports, which bundlers split for the browser too.
 */
import type { CompiledRuleSet, RuleRegistry } from "./compiled-rule-set.ts";

export type RuleSetLoaders = Readonly<Record<string, () => Promise<CompiledRuleSet>>>;

export class OnDemandRegistry implements RuleRegistry {
  readonly #ruleSetTypeFor: ReadonlyMap<string, string>;
  readonly #loaders: RuleSetLoaders;
  readonly #loaded = new Map<string, CompiledRuleSet>();

  /** `ruleSetTypeFor`: every @type checked, to the type of the rule set that checks it (the loaders' keys). */
  constructor(ruleSetTypeFor: ReadonlyMap<string, string>, loaders: RuleSetLoaders) {
    this.#ruleSetTypeFor = ruleSetTypeFor;
    this.#loaders = loaders;
  }

  /** Loads the rule sets that check these @type names; names without one are ignored. */
  async load(types: Iterable<string>): Promise<void> {
    const wanted = new Set<string>();
    for (const t of types) {
      const owner = this.#ruleSetTypeFor.get(t);
      if (owner !== undefined && !this.#loaded.has(owner)) wanted.add(owner);
    }
    await Promise.all(
      [...wanted].map(async (owner) => {
        const load = this.#loaders[owner];
        if (load === undefined) throw new Error(`sdv: no loader for the rule set ${owner}`);
        this.#loaded.set(owner, await load());
      }),
    );
  }

  /**
   * A type whose rule set exists but was not loaded is a caller's bug (it would read as "not checked"):
   * it throws rather than give a wrong report.
   */
  get(type: string): CompiledRuleSet | undefined {
    const owner = this.#ruleSetTypeFor.get(type);
    if (owner === undefined) return undefined;
    const ruleSet = this.#loaded.get(owner);
    if (ruleSet === undefined) throw new Error(`sdv: the rule set ${owner} (for ${type}) is used before load() loaded it`);
    return ruleSet;
  }
}
