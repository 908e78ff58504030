import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@bizdesk/contract';
import { changeLanguage, displayError, fieldErrorText, i18n } from './index.ts';
import { fieldLabel, holidayName, leaveTypeName } from './words.ts';
import { setupI18n } from '../../test/render.tsx';
import { leaves, placeholders } from '../../test/textTrees.ts';
import { setDateRegion } from '../format/calendar.ts';
import { messages as en } from './locales/en/words.ts';
import { messages as de } from './locales/de/words.ts';
import { messages as fr } from './locales/fr/words.ts';

/** A failure as the server answers it (apps/server platform/http/error-handler.ts). */
const failure = (data: Record<string, unknown>, status = 400) => ({ response: { status, data: { success: false, code: 'VALIDATION', ...data } } });
const say = (language: 'en' | 'de' | 'fr', error: unknown, labels?: Record<string, string>) => displayError(i18n.getFixedT(language, 'app'), error, labels);

beforeAll(async () => {
  await setupI18n();
  for (const language of ['de', 'fr', 'en'] as const) {
    await changeLanguage(language);
    await i18n.loadNamespaces(['app', 'words']);
  }
  setDateRegion('NG', 'Africa/Lagos');
});
afterAll(async () => {
  setDateRegion(null);
  await changeLanguage('en');
});

describe('server messages name the field by its label, in the reader\'s language, once (issue 30)', () => {
  const nums = failure({ field: 'nums', message: 'nums: may contain only letters, digits and . _ / -' });
  const endDate = failure({ field: 'endDate', message: 'endDate: must not be before the start date' });
  const superior = failure({ field: 'superiorId', message: 'superiorId: must be someone other than the appraiser', messageKey: 'superiorIsAppraiser' });
  const approvals = failure({ field: 'totalApprovalsRequired', message: 'totalApprovalsRequired: cannot be more than the 1 approver(s) listed in userId', messageKey: 'approvalsOverApprovers', params: { count: 1 } });
  const litres = failure({ field: 'litres', message: 'litres: must be more than 0' });

  it.each([
    ['en', nums, 'Employee number: may contain only letters, digits and . _ / -'],
    ['de', nums, 'Personalnummer: darf nur Buchstaben, Ziffern und . _ / - enthalten'],
    ['fr', nums, 'Matricule\u00a0: ne peut contenir que des lettres, des chiffres et . _ / -'],
    ['en', endDate, 'End date: must not be before the start date'],
    ['de', endDate, 'Enddatum: darf nicht vor dem Startdatum liegen'],
    ['fr', endDate, 'Date de fin\u00a0: ne doit pas précéder la date de début'],
    ['en', superior, 'Superior: must be someone other than the appraiser'],
    ['de', superior, 'Vorgesetzter: muss eine andere Person als der Beurteiler sein'],
    ['fr', superior, 'Supérieur\u00a0: doit être une autre personne que l’évaluateur'],
    ['en', approvals, 'Approvals needed: cannot be more than the 1 approver chosen'],
    ['de', approvals, 'Benötigte Freigaben: darf nicht größer sein als die 1 ausgewählte freigebende Person'],
    ['en', litres, 'Litres: must be more than 0'],
    ['fr', litres, 'Litres\u00a0: doit être supérieur à 0'],
  ] as const)('%s: %j', (language, error, expected) => {
    const text = say(language, error);
    expect(text).toBe(expected);
    // No wire name is left in it.
    expect(text).not.toMatch(/nums|endDate|superiorId|totalApprovalsRequired|userId|litres:/);
  });

  it('prefers the form\'s own label for its field', () => {
    expect(say('de', endDate, { endDate: 'Letzter Urlaubstag' })).toBe('Letzter Urlaubstag: darf nicht vor dem Startdatum liegen');
  });

  it('says the leave year rule and the geofence refusal in German and French, with dates and numbers as the reader writes them', () => {
    const year = failure({ field: 'endDate', message: 'endDate: leave must end in the year it starts; make one request per year', messageKey: 'leaveOneYear' });
    expect(say('de', year)).toBe('Enddatum: der Urlaub muss im Jahr seines Beginns enden; stellen Sie einen Antrag pro Jahr');
    expect(say('fr', year)).toBe('Date de fin\u00a0: le congé doit se terminer l’année où il commence ; faites une demande par année');
    const far = failure({ message: 'Check-in refused: you are 1,250 m from the nearest site, Yard (allowed radius 200 m)', messageKey: 'checkInTooFar', params: { distance: 1250, site: 'Yard', radius: 200 } }, 409);
    expect(say('de', far)).toBe('Einstempeln abgelehnt: Sie sind 1.250 m vom nächsten Standort Yard entfernt (erlaubter Radius 200 m)');
    const joined = failure({ field: 'startDate', message: 'startDate: is before Ada Obi joined on 2026-02-01', messageKey: 'beforeJoined', params: { name: 'Ada Obi', joined: '2026-02-01' } });
    expect(say('fr', joined)).toBe('Date de début\u00a0: est antérieure à l’arrivée de Ada Obi le 1 févr. 2026');
  });

  it('says procurement, fleet and complaint refusals in German and French (keyed messages, h7)', () => {
    const twice = failure({ field: 'lines.0.lineId', message: 'lines.0.lineId: Cement is listed twice', messageKey: 'lineListedTwice', params: { item: 'Cement' } });
    expect(say('de', twice, { 'lines.0.lineId': 'Position' })).toBe('Position: Cement ist doppelt aufgeführt');
    const booked = failure({ message: 'Truck ABC-123 is in maintenance from 2026-03-01 to 2026-03-04; choose another truck', messageKey: 'truckInMaintenance', params: { plate: 'ABC-123', from: '2026-03-01', to: '2026-03-04' } }, 409);
    expect(say('de', booked)).toBe('Der Lkw ABC-123 ist vom 01.03.2026 bis 04.03.2026 in Wartung; wählen Sie einen anderen Lkw');
    const moved = failure({ message: 'A complaint that is resolved can move only to reopened', messageKey: 'complaintMoveFrom.resolved' }, 409);
    expect(say('fr', moved)).toBe('Une réclamation résolue ne peut être que rouverte');
    const busy = failure({ message: '2 employees work in "Sales": move them to another department first', messageKey: 'departmentHasEmployees', params: { count: 2, name: 'Sales' } }, 409);
    expect(say('fr', busy)).toBe('2 employés travaillent dans « Sales » : affectez-les d’abord à un autre service');
  });

  it('keeps the spec\'s catalogue messages whole, and unknown server text as sent', () => {
    expect(say('en', failure({ message: MSG.employeeNumberTaken }, 409))).toBe(MSG.employeeNumberTaken);
    expect(say('en', failure({ message: 'Something only the server knows' }, 409))).toBe('Something only the server knows');
    expect(say('de', new Error('Network Error'))).toBe('Network Error');
  });

  it('words a rule under its field as a sentence', () => {
    expect(fieldErrorText(i18n.getFixedT('de', 'app'), 'may contain only letters, digits and . _ / -')).toBe('Darf nur Buchstaben, Ziffern und . _ / - enthalten');
  });

  it('falls back to the field name in words when no label is known', () => {
    expect(fieldLabel(i18n.getFixedT('en', 'app'), 'lines.0.receivedQuantity')).toBe('Received quantity');
  });
});

describe('seeded names in the reader\'s language', () => {
  it('translates the default leave types and the seeded holidays, and keeps a business\'s own names', () => {
    const deT = i18n.getFixedT('de', 'app');
    expect(leaveTypeName(deT, 'annual')).toBe('Jahresurlaub');
    expect(leaveTypeName(i18n.getFixedT('fr', 'app'), 'sick')).toBe('Congé maladie');
    expect(leaveTypeName(deT, 'Study leave')).toBe('Study leave');
    expect(holidayName(deT, 'Independence Day')).toBe('Unabhängigkeitstag');
    expect(holidayName(i18n.getFixedT('fr', 'app'), "New Year's Day")).toBe('Jour de l’An');
    // Issue 33: the movable holidays are shipped too; a holiday HR names stays as written.
    expect(holidayName(deT, 'Eid al-Fitr')).toBe('Fest des Fastenbrechens (Eid al-Fitr)');
    expect(holidayName(i18n.getFixedT('fr', 'app'), 'Good Friday')).toBe('Vendredi saint');
    expect(holidayName(deT, 'Company retreat')).toBe('Company retreat');
  });
});

describe('the words texts', () => {
  it.each([['de', de], ['fr', fr]] as const)('%s has every English key with the same placeholders', (_language, other) => {
    const source = leaves(en);
    const target = leaves(other);
    expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [key, text] of source) expect(placeholders(target.get(key)!), key).toEqual(placeholders(text));
  });

  /** Every field a server message names (`badRequest('field: …')`) has a label in every language. */
  it('labels every field the server names in a message', () => {
    const root = join(__dirname, '../../../../server/src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) { if (name !== '__tests__') walk(path); } else if (name.endsWith('.ts')) files.push(path);
      }
    };
    walk(root);
    const named = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:badRequest|conflict|forbidden)\(\s*['`"]([a-z][A-Za-z0-9.]*): /g)) {
        named.add(m[1]!.split('.').filter((part) => !/^\d+$/.test(part)).pop()!);
      }
    }
    expect(named.size).toBeGreaterThan(10);
    const missing = [...named].filter((field) => !(field in en.fields) && field !== 'importValidRows');
    expect(missing).toEqual([]);
  });
});
