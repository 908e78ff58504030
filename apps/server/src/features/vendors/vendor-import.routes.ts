import { sheetImportRoutes, type TSheetImport } from '../../platform/imports/sheet-import.ts';

/** Who may import: whoever may add vendors (vendors.routes.ts). */
export const vendorImportRoutes = (service: TSheetImport) => sheetImportRoutes({
  path: '/api/v1/vendors/import', roles: ['Procurement-access'], service, tags: ['vendors: import'], baseName: 'vendors',
  columns: 'Columns: Name (required), Contact name, Email, Phone, Address, Bank name, Bank account number, Bank account name, Tax ID, Categories (separated by , ; or |), Rating (1 to 5), Notes',
});
