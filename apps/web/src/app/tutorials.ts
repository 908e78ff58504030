/** The tutorial video pages of spec 01 §2 (paths only; titles and links live in features/help). */
export const TUTORIAL_PATHS = [
  '/human-resource/hr-management',
  '/human-resource/performance',
  '/human-resource/media',
  '/human-resource/tracker',
  '/procurement/purchase-orders',
  '/procurement/procurement-data',
  '/procurement/supplier-management',
  '/procurement/inventory-management',
  '/account/payroll',
  '/account/receivable-payable',
  '/account/report',
] as const;
