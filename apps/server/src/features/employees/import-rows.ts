import { EMPLOYMENT_TYPES, ZEmployeeInput, type TEmployeeIdentifier, type TImportRowError } from '@bizdesk/contract';
import { unescapeFormula } from './spreadsheet.ts';

export type TImportField =
  | 'employeeNumber' | 'firstName' | 'lastName' | 'name' | 'email' | 'phone' | 'gender' | 'dateOfBirth' | 'address'
  | 'nextOfKinName' | 'nextOfKinPhone' | 'employmentType' | 'startDate' | 'unit' | 'department' | 'designation' | 'grossIncome'
  | TEmployeeIdentifier;

/** Header names people actually use, compared in lower case without spaces or punctuation. */
const ALIASES: Record<TImportField, string[]> = {
  employeeNumber: ['employeenumber', 'employeeno', 'employeeid', 'staffnumber', 'staffno', 'staffid', 'number'],
  firstName: ['firstname', 'first', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname'],
  name: ['name', 'fullname', 'employeename', 'employee'],
  email: ['email', 'emailaddress', 'mail', 'workemail'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilenumber', 'telephone', 'tel'],
  gender: ['gender', 'sex'],
  dateOfBirth: ['dateofbirth', 'dob', 'birthdate', 'birthday'],
  address: ['address', 'homeaddress'],
  nextOfKinName: ['nextofkin', 'nextofkinname'],
  nextOfKinPhone: ['nextofkinphone', 'nextofkinnumber'],
  employmentType: ['employmenttype', 'contracttype', 'type'],
  startDate: ['startdate', 'hiredate', 'dateofhire', 'datejoined', 'joiningdate', 'joined', 'employmentdate', 'dateofemployment'],
  unit: ['unit', 'businessunit', 'branch'],
  department: ['department', 'dept'],
  designation: ['designation', 'jobtitle', 'title', 'position', 'role'],
  grossIncome: ['grossincome', 'gross', 'annualgross', 'grossannual', 'salary', 'annualsalary'],
  // Statutory identifiers (issue 31): pay-private, written to the pay settings.
  tin: ['tin', 'taxid', 'taxidentificationnumber', 'jtbtin', 'taxnumber', 'employeetin', 'tinnumber'],
  rsaPin: ['rsapin', 'pensionpin', 'rsa', 'rsanumber', 'pencompin'],
  pensionFundAdministrator: ['pfa', 'pensionfundadministrator', 'pensionadministrator', 'pensionfund', 'pfaname', 'pfacode'],
  nhfNumber: ['nhfnumber', 'nhfno', 'nhf'],
  stateOfResidence: ['stateofresidence', 'state', 'residencestate', 'taxstate', 'stateofresidenceng'],
  ghanaCardNumber: ['ghanacard', 'ghanacardnumber', 'ghanacardno', 'ghanacardpin', 'nationalid', 'nia'],
  ssnitNumber: ['ssnitnumber', 'ssnit', 'ssnitno', 'socialsecuritynumber'],
  region: ['region', 'regionofresidence'],
};

/** The identifier columns of an import, in export order per country. */
export const IDENTIFIER_FIELDS: readonly TEmployeeIdentifier[] = ['tin', 'rsaPin', 'pensionFundAdministrator', 'nhfNumber', 'stateOfResidence', 'ghanaCardNumber', 'ssnitNumber', 'region'];
const BY_ALIAS = new Map(Object.entries(ALIASES).flatMap(([field, names]) => names.map((n) => [n, field as TImportField])));
const squash = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

export type TColumnMap = Partial<Record<TImportField, number>>;

/** Which column holds which field; unknown columns are reported and ignored. */
export const mapHeader = (header: string[]) => {
  const columns: TColumnMap = {};
  const recognised: string[] = [];
  const ignored: string[] = [];
  header.forEach((h, i) => {
    const field = BY_ALIAS.get(squash(h));
    if (field && columns[field] === undefined) {
      columns[field] = i;
      recognised.push(h);
    } else if (h) {
      ignored.push(h);
    }
  });
  const missing: string[] = [];
  if (columns.email === undefined) missing.push('email');
  if (columns.name === undefined && (columns.firstName === undefined || columns.lastName === undefined)) missing.push('firstName and lastName (or name)');
  return { columns, recognised, ignored, missing };
};

/** Day-first dates (12/03/1990) are the norm in Nigeria and Ghana; ISO dates pass as they are. */
export const normaliseDate = (text: string): string => {
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${iso[2].padStart(2, '0')}-${iso[3].padStart(2, '0')}`;
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2].padStart(2, '0')}-${dayFirst[1].padStart(2, '0')}`;
  const withTime = /^(\d{4}-\d{2}-\d{2})[T ]/.exec(text);
  return withTime ? withTime[1] : text;
};

const GENDER_WORDS: Record<string, string> = { m: 'male', male: 'male', man: 'male', f: 'female', female: 'female', woman: 'female', other: 'other' };
const normaliseEmploymentType = (text: string) => {
  const t = text.toLowerCase().replace(/[\s_]+/g, '-');
  const squashed = t.replace(/-/g, '');
  return EMPLOYMENT_TYPES.find((e) => e.replace(/-/g, '') === squashed) ?? (squashed === 'permanent' ? 'full-time' : squashed === 'ft' ? 'full-time' : squashed === 'pt' ? 'part-time' : t);
};

/** One row's cells as the create call's fields (before the schema judges them); blank cells are absent. */
export const rowValues = (cells: string[], columns: TColumnMap) => {
  const get = (f: TImportField) => {
    const i = columns[f];
    const v = i === undefined ? '' : unescapeFormula(cells[i] ?? '').trim();
    return v === '' ? undefined : v;
  };
  let firstName = get('firstName');
  let lastName = get('lastName');
  const name = get('name');
  if (name && (!firstName || !lastName)) {
    const [first, ...rest] = name.split(/\s+/);
    firstName ??= first;
    lastName ??= rest.join(' ') || undefined;
  }
  const gender = get('gender');
  const type = get('employmentType');
  const dob = get('dateOfBirth');
  const start = get('startDate');
  const gross = get('grossIncome');
  return {
    input: {
      employeeNumber: get('employeeNumber'),
      firstName, lastName,
      email: get('email'),
      phone: get('phone'),
      gender: gender ? (GENDER_WORDS[gender.toLowerCase()] ?? gender) : undefined,
      dateOfBirth: dob ? normaliseDate(dob) : undefined,
      address: get('address'),
      nextOfKinName: get('nextOfKinName'),
      nextOfKinPhone: get('nextOfKinPhone'),
      employmentType: type ? normaliseEmploymentType(type) : undefined,
      startDate: start ? normaliseDate(start) : undefined,
      // Thousands separators and a currency sign are how amounts are typed in spreadsheets.
      grossIncome: gross ? gross.replace(/[,\s]/g, '').replace(/^(NGN|GHS|₦|GH₵|₵)/i, '') : undefined,
    },
    unit: get('unit'),
    department: get('department'),
    designation: get('designation'),
    identifiers: Object.fromEntries(IDENTIFIER_FIELDS.flatMap((f) => { const v = get(f); return v === undefined ? [] : [[f, v]]; })) as Partial<Record<TEmployeeIdentifier, string>>,
  };
};

/** The create schema without the id references (the file names departments and designations instead). */
export const ZImportRow = ZEmployeeInput.omit({ departmentId: true, designationId: true });

export const rowError = (row: number, field: string, message: string): TImportRowError => ({ row, field, message: `row ${row}: ${field} ${message}` });
