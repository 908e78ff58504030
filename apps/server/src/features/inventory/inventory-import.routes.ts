import { sheetImportRoutes, type TSheetImport } from '../../platform/imports/sheet-import.ts';

/** Who may import: whoever may create an item (inventory.routes.ts). */
export const inventoryImportRoutes = (service: TSheetImport) => sheetImportRoutes({
  path: '/api/v1/inventory/import', roles: ['Inventory-access'], service, tags: ['inventory: import'], baseName: 'inventory',
  columns: 'Columns: Project, Name, Unit (required), SKU, Category, Quantity (opening stock), Reorder level, Unit cost (major units, of the opening stock)',
});
