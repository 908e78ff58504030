import { describe, expect, it } from 'vitest';
import type { TAppraisalFacts } from '@bizdesk/contract';
import { plural, writeAppraisalReport } from '../src/features/appraisals/appraisal-report.analyst.ts';

/** The built-in report's counted phrases follow each language's plural rules (issue 33: "1 employees were appraised on 1 forms"). */
const facts = (employees: number, forms: number, responses = 1, low = 0): TAppraisalFacts => ({
  businessName: 'Kola', unit: 'Lagos', scale: { min: 1, max: 5 }, formsScored: forms, employeesScored: employees, periods: ['2026'],
  overall: { mean: 3, median: 3, spread: 0 },
  criteria: [{ name: 'Teamwork', mean: 3, percent: 50, responses }],
  ranking: [{ rank: 1, name: 'Ada', department: 'Sales', totalScore: 3 }],
  distribution: [{ label: 'low', count: low }],
  upward: [{ name: 'Musa', mean: 4, responses }],
});

describe('appraisal report text: plural rules in en, de and fr', () => {
  it('writes one and many in English', () => {
    const one = writeAppraisalReport(facts(1, 1), 'en');
    expect(one).toContain('1 employee was appraised on 1 form (2026).');
    expect(one).toContain('Teamwork: 3 of 5 (50% of the scale, 1 score)');
    expect(one).toContain('Musa: 4 of 5 from 1 response');
    const many = writeAppraisalReport(facts(3, 2, 4, 2), 'en');
    expect(many).toContain('3 employees were appraised on 2 forms (2026).');
    expect(many).toContain('4 scores)');
    expect(many).toContain('2 employees of 3 score below 40% of the scale.');
    expect(writeAppraisalReport(facts(3, 3, 1, 1), 'en')).toContain('1 employee of 3 scores below 40% of the scale.');
  });

  it('writes one and many in German', () => {
    expect(writeAppraisalReport(facts(1, 1), 'de')).toContain('1 Person wurde auf 1 Bogen beurteilt (2026).');
    const many = writeAppraisalReport(facts(3, 2, 2, 1), 'de');
    expect(many).toContain('3 Personen wurden auf 2 Bögen beurteilt (2026).');
    expect(many).toContain('2 Bewertungen)');
    expect(many).toContain('1 Person von 3 liegt unter 40 % der Skala.');
  });

  it('writes one and many in French, where zero takes the singular', () => {
    expect(writeAppraisalReport(facts(1, 1), 'fr')).toContain('1 employé a été évalué sur 1 formulaire (2026).');
    expect(writeAppraisalReport(facts(3, 2), 'fr')).toContain('3 employés ont été évalués sur 2 formulaires (2026).');
    expect(plural('fr', 0, { one: '{n} réponse', other: '{n} réponses' })).toBe('0 réponse');
    expect(plural('en', 0, { one: '{n} response', other: '{n} responses' })).toBe('0 responses');
  });
});
