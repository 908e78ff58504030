import { remove as foldConfusables } from 'confusables';
import { SERVER_CATEGORIES, type TNotificationSubject, type TServerCategory } from '@bizdesk/contract';

/** Characters that draw nothing or only space: format (zero-width, joiners, soft hyphen, bidi marks), controls, separators. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Z}\s]/gu;
/** Letters and digits that one skeleton stands for after folding (capital I, small l and the digit 1 look alike; so do O and 0). */
const SAME_SHAPE: Record<string, string> = { l: 'i', '1': 'i', '|': 'i', '0': 'o' };

/**
 * What a category looks like, for comparing categories (issue 29): NFKC (full-width and compatibility forms), without
 * invisible characters, with Cyrillic, Greek and other look-alike letters folded to Latin (the `confusables` table),
 * accents dropped, case folded, and I/l/1, O/0 taken as one. `Announcements\u200b`, a Cyrillic "А" and full-width
 * letters all give the skeleton of "Announcements".
 */
export const categorySkeleton = (category: string) =>
  foldConfusables(category.normalize('NFKC').replace(INVISIBLE, ''))
    .normalize('NFKD').replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[l1|0]/g, (ch) => SAME_SHAPE[ch])
    .replace(INVISIBLE, '');

const RESERVED = new Map<string, TServerCategory>(SERVER_CATEGORIES.map((c) => [categorySkeleton(c), c]));

/** The server's category a posted one stands for (however it is spelt), or undefined for a category of the person's own. */
export const reservedCategory = (category: string): TServerCategory | undefined => RESERVED.get(categorySkeleton(category));

/** A person's own category as stored: NFKC, without invisible characters, spaces kept between words. */
export const cleanCategory = (category: string) =>
  category.normalize('NFKC').replace(/[\p{Cf}\p{Cc}]/gu, '').replace(/[\p{Z}\s]+/gu, ' ').trim();

/** Who reads the server's notifications of each category, unless the call site names another subject. */
export const CATEGORY_SUBJECT: Record<TServerCategory, TNotificationSubject> = {
  HR: 'people',
  Accounts: 'pay',
  Payroll: 'pay',
  Procurement: 'procurement',
  Inventory: 'inventory',
  Fleet: 'inventory',
  Announcements: 'general',
  /** The instance's own state (a failed backup): the owner and the settings managers. */
  System: 'settings',
};
