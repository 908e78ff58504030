import { PayrollInputError } from '../errors.ts';
import { DEFAULT_RULES } from './default.ts';
import { GH_2024 } from './gh.ts';
import { NG_NTA_2025 } from './ng-nta-2025.ts';
import { NG_PITA } from './ng-pita.ts';
import { compileRuleSet, isWithin, type CompiledRuleSet, type RuleSetTable } from './rule-set.ts';

// Adding a country or a tax year means adding a table to this list, nothing else.
export const RULE_TABLES: readonly RuleSetTable[] = [NG_PITA, NG_NTA_2025, GH_2024];

const compiledDefault = compileRuleSet(DEFAULT_RULES);

export const createRuleIndex = (tables: readonly RuleSetTable[]): Map<string, CompiledRuleSet[]> => {
  const index = new Map<string, CompiledRuleSet[]>();
  for (const table of tables) {
    if (!table.country) throw new Error(`Rule set ${table.id} needs a country`);
    const compiled = compileRuleSet(table);
    const sets = index.get(table.country) ?? [];
    // Two sets in force on the same day would make the answer depend on list order.
    const overlapping = sets.find((set) => compiled.fromKey <= set.toKey && set.fromKey <= compiled.toKey);
    if (overlapping) throw new Error(`Rule sets ${overlapping.id} and ${compiled.id} are both in force on some day`);
    index.set(table.country, [...sets, compiled].sort((a, b) => a.fromKey - b.fromKey));
  }
  return index;
};

const index = createRuleIndex(RULE_TABLES);

const describeSpan = (set: CompiledRuleSet) =>
  `${set.id} ${set.effective.from ? `from ${set.effective.from}` : ''}${set.effective.from && set.effective.to ? ' ' : ''}${set.effective.to ? `to ${set.effective.to}` : ''}`.trim();

export const formatDateKey = (key: number): string =>
  `${Math.floor(key / 10_000)}-${String(Math.floor(key / 100) % 100).padStart(2, '0')}-${String(key % 100).padStart(2, '0')}`;

/** The rule set in force for `country` on the day `periodKey` (yyyymmdd); countries without a table get the default. */
export const getRuleSet = (country: string, periodKey: number): CompiledRuleSet => {
  const sets = index.get(country);
  if (!sets) return compiledDefault;
  for (const set of sets) if (isWithin(periodKey, set)) return set;
  throw new PayrollInputError('period', `has no ${country} tax rules for ${formatDateKey(periodKey)} (known: ${sets.map(describeSpan).join('; ')})`);
};

export { type CompiledRuleSet, type RuleSetTable } from './rule-set.ts';
