export { computePay, computePayMinor } from './compute-pay.ts';
export { validatePayInput, type ValidPayInput } from './validate.ts';
export { PayrollInputError } from './errors.ts';
export { findBandLines, taxOnBands } from './bands.ts';
export { applyRate, divideHalfUp, parseMajor, parsePercent, toMajor, MAX_MAJOR } from './money.ts';
export { getRuleSet, RULE_TABLES } from './rules/index.ts';
export { compileRuleSet, type CompiledBand, type CompiledRuleSet, type CompiledStatutory, type Dated, type RuleSetTable, type StatutoryTable } from './rules/rule-set.ts';
export type * from './types.ts';
export { PRORATION_CODES, WORKING_DAYS_PER_YEAR } from './proration.ts';
