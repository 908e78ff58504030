/** Spreadsheet programs run a cell starting with = + - @ (or tab / CR) as a formula; a leading ' keeps it text. */
export const escapeFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
/** The inverse on import, so a file we exported reads back as it was. */
export const unescapeFormula = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);
