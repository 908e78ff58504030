import { TUTORIAL_PATHS } from '../../app/tutorials.ts';

export type TTutorialPath = (typeof TUTORIAL_PATHS)[number];
export type TTutorial = { path: TTutorialPath; key: string; area: 'hr' | 'procurement' | 'account'; lessons: readonly string[]; placeholder: boolean };

/** Spec 01 §2: eleven tutorial pages, each a title and a list of video links; the last two have placeholders. */
export const TUTORIALS: readonly TTutorial[] = [
  { path: '/human-resource/hr-management', key: 'hrManagement', area: 'hr', lessons: ['departments', 'employees', 'bulk', 'hierarchy'], placeholder: false },
  { path: '/human-resource/performance', key: 'performance', area: 'hr', lessons: ['criteria', 'send', 'score', 'report'], placeholder: false },
  { path: '/human-resource/media', key: 'media', area: 'hr', lessons: ['files', 'videos'], placeholder: false },
  { path: '/human-resource/tracker', key: 'tracker', area: 'hr', lessons: ['geofence', 'checkin', 'register'], placeholder: false },
  { path: '/procurement/purchase-orders', key: 'purchaseOrders', area: 'procurement', lessons: ['raise', 'standing', 'approve'], placeholder: false },
  { path: '/procurement/procurement-data', key: 'procurementData', area: 'procurement', lessons: ['summary', 'export'], placeholder: false },
  { path: '/procurement/supplier-management', key: 'supplierManagement', area: 'procurement', lessons: ['add', 'catalogue', 'quotes'], placeholder: false },
  { path: '/procurement/inventory-management', key: 'inventoryManagement', area: 'procurement', lessons: ['items', 'movements', 'points'], placeholder: false },
  { path: '/account/payroll', key: 'payroll', area: 'account', lessons: ['settings', 'run', 'publish', 'tax'], placeholder: false },
  { path: '/account/receivable-payable', key: 'receivablePayable', area: 'account', lessons: ['invoices', 'payments'], placeholder: true },
  { path: '/account/report', key: 'report', area: 'account', lessons: ['costs', 'ai'], placeholder: true },
];

export const findTutorial = (pathname: string) => TUTORIALS.find((tutorial) => tutorial.path === pathname.replace(/\/+$/, ''));

/**
 * Where a lesson's video lives. The spec gives no addresses: a deployment points VITE_TUTORIAL_VIDEO_BASE at its
 * video host; without it the link searches the product's name and the lesson on YouTube. Placeholders stay '#'.
 */
export const lessonVideoUrl = (tutorial: TTutorial, lesson: string, lessonTitle: string) => {
  if (tutorial.placeholder) return '#';
  const base = (import.meta.env.VITE_TUTORIAL_VIDEO_BASE as string | undefined)?.replace(/\/$/, '');
  if (base) return `${base}/${tutorial.path.slice(1).replace(/\//g, '-')}-${lesson}`;
  return `https://www.youtube.com/results?search_query=${encodeURIComponent(`Bizdesk ${lessonTitle}`)}`;
};
