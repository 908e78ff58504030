import { z } from 'zod';
import { ZEmail, ZId } from './common.ts';
import { ZOrderMoneyText, ZOrderQuantity } from './orders.ts';
import { WHT_CATEGORIES, WHT_PAYEE_TYPES } from './withholding.ts';

const text = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullish();
const optionalEmail = z.union([z.literal(''), ZEmail]).nullish().transform((v) => v || null);

export const ZVendorInput = z.object({
  name: text(160),
  contactName: optionalText(120),
  email: optionalEmail,
  phone: optionalText(40),
  address: optionalText(300),
  bankName: optionalText(120),
  bankAccountNumber: z.string().trim().regex(/^\d{6,20}$/, 'must be 6 to 20 digits').nullish().or(z.literal('').transform(() => null)),
  bankAccountName: optionalText(160),
  taxId: optionalText(40).describe('TIN'),
  categories: z.array(z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters')).max(20, 'must be at most 20 categories').nullish(),
  rating: z.number().int('must be a whole number').min(1, 'must be 1 to 5').max(5, 'must be 1 to 5').nullish(),
  notes: optionalText(2000),
  // Withholding tax (issue 35): the transaction type the vendor's payments are taxed as, company or individual, small supplier.
  whtCategory: z.enum(WHT_CATEGORIES, { message: `must be one of ${WHT_CATEGORIES.join(', ')}` }).nullish(),
  whtPayeeType: z.enum(WHT_PAYEE_TYPES, { message: 'must be company or individual' }).nullish(),
  isSmallSupplier: z.boolean().nullish(),
});
export type TVendorInput = z.infer<typeof ZVendorInput>;

/** `add-vendors`: one vendor, or several as `{ vendors: [...] }` (all or nothing). */
export const ZAddVendors = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) && !('vendors' in v) ? { vendors: [v] } : v),
  z.object({ vendors: z.array(ZVendorInput).min(1, 'send at least one vendor').max(500, 'must be at most 500 vendors') }),
);
export type TAddVendors = z.infer<typeof ZAddVendors>;

export const ZVendor = z.object({
  _id: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  taxId: z.string().nullable(),
  categories: z.array(z.string()),
  rating: z.number().int().nullable(),
  notes: z.string().nullable(),
  whtCategory: z.enum(WHT_CATEGORIES).nullable().optional(),
  whtPayeeType: z.enum(WHT_PAYEE_TYPES).optional(),
  isSmallSupplier: z.boolean().optional(),
  createdAt: z.string(),
});
export type TVendor = z.infer<typeof ZVendor>;

export const CLIENT_KINDS = ['client', 'contractor'] as const;
export const ZClientInput = z.object({
  name: text(160),
  kind: z.enum(CLIENT_KINDS, { message: 'must be client or contractor' }),
  contactName: optionalText(120),
  email: optionalEmail,
  phone: optionalText(40),
  address: optionalText(300),
  taxId: optionalText(40),
  notes: optionalText(2000),
});
export type TClientInput = z.infer<typeof ZClientInput>;
export const ZClient = z.object({
  _id: z.string(), name: z.string(), kind: z.enum(CLIENT_KINDS), contactName: z.string().nullable(), email: z.string().nullable(),
  phone: z.string().nullable(), address: z.string().nullable(), taxId: z.string().nullable(), notes: z.string().nullable(), createdAt: z.string(),
});
export type TClient = z.infer<typeof ZClient>;

/** A contract reference as people write it: letters, digits and - _ / . (it appears in the quote link). */
export const ZContractId = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, dots, dashes or underscores');
export const ZContractParams = z.object({ contract: ZContractId });

export const MAX_BOQ_LINES = 200;
export const ZBoqInput = z.object({
  contractId: ZContractId,
  businessName: text(160).describe('the client the work is for'),
  projectTitle: text(200),
  clientId: ZId.nullish(),
  lines: z.array(z.object({ item: text(200), description: optionalText(500), quantity: ZOrderQuantity, unit: text(30) }))
    .min(1, 'add at least one line').max(MAX_BOQ_LINES, `must have at most ${MAX_BOQ_LINES} lines`),
});
export type TBoqInput = z.infer<typeof ZBoqInput>;

export const BOQ_STATUSES = ['draft', 'sent', 'quoted', 'awarded'] as const;
export const ZBoqLine = z.object({ _id: z.string(), item: z.string(), description: z.string().nullable(), quantity: z.string(), unit: z.string() });

/** unitPriceMinor null: the supplier did not quote the line; 0 only when quoted free of charge. orderId: the PO it was awarded into. */
export const ZQuoteLine = z.object({ lineId: z.string(), unitPriceMinor: z.number().int().nullable(), lineTotalMinor: z.number().int().nullable(), orderId: z.string().nullable() });
export const ZQuote = z.object({
  _id: z.string(),
  boqId: z.string(),
  contractId: z.string(),
  projectTitle: z.string(),
  contractorName: z.string(),
  contractorEmail: z.string().nullable(),
  vendorId: z.string().nullable(),
  source: z.enum(['link', 'upload']),
  status: z.enum(['submitted', 'awarded', 'not-awarded']),
  currency: z.string(),
  totalMinor: z.number().int(),
  notes: z.string().nullable(),
  orderId: z.string().nullable(),
  lines: z.array(ZQuoteLine),
  createdAt: z.string(),
  leadTimeDays: z.number().int().nullable(),
  validUntil: z.string().nullable().describe('YYYY-MM-DD: the last day the prices hold'),
  taxId: z.string().nullable(),
  /** Issue 35: how many of the BOQ's lines it prices; complete = all of them. Expired: past validUntil, not awardable. */
  quotedLineCount: z.number().int(),
  lineCount: z.number().int(),
  isComplete: z.boolean(),
  isExpired: z.boolean(),
  /** totalMinor is before VAT; these add the business's VAT and levies (procurement settings). */
  vatMinor: z.number().int(),
  leviesMinor: z.number().int(),
  totalWithTaxMinor: z.number().int(),
});
export type TQuote = z.infer<typeof ZQuote>;

export const ZBoqSummary = z.object({
  _id: z.string(), contractId: z.string(), businessName: z.string(), projectTitle: z.string(), status: z.enum(BOQ_STATUSES),
  lineCount: z.number().int(), quoteCount: z.number().int(), createdAt: z.string(),
});
export type TBoqSummary = z.infer<typeof ZBoqSummary>;

/** One BOQ with its quotes side by side: the cheapest quote per line and in total are named. */
export const ZBoqDetail = ZBoqSummary.extend({
  lines: z.array(ZBoqLine),
  quotes: z.array(ZQuote),
  invitations: z.array(z.object({ email: z.string(), expiresAt: z.string(), usedAt: z.string().nullable(), createdAt: z.string() })),
  cheapestByLine: z.record(z.string(), z.string().describe('quote id')).describe('lowest unit rate per line, among quotes that price the line'),
  cheapestQuoteId: z.string().nullable().describe('cheapest in total among complete quotes only'),
  /** The default per-line award: the lowest quoted rate per line among quotes still valid and open. */
  suggestedByLine: z.record(z.string(), z.string().describe('quote id')),
  vatRateBp: z.number().int(),
  levyRateBp: z.number().int(),
  placeId: z.string().nullable(),
});
export type TBoqDetail = z.infer<typeof ZBoqDetail>;

export const QUOTE_LINK_DAYS_DEFAULT = 14;
/** `send-to-contractor`: e-mails a contractor a single-use link to price the BOQ. */
export const ZSendToContractor = z.object({
  email: ZEmail.describe("the contractor's e-mail"),
  contractId: ZContractId,
  businessName: text(160),
  projectTitle: text(200),
  expiresInDays: z.number().int('must be a whole number').min(1, 'must be 1 to 60').max(60, 'must be 1 to 60').optional(),
});
export type TSendToContractor = z.infer<typeof ZSendToContractor>;

export const ZQuoteToken = z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a valid quote link');

/** The public quote page reads its BOQ with the link's token. */
export const ZQuoteInvitationQuery = z.object({ contractId: ZContractId, token: ZQuoteToken });
export const ZQuoteInvitation = z.object({
  contractId: z.string(), businessName: z.string(), projectTitle: z.string(), requesterBusiness: z.string(), currency: z.string(),
  email: z.string(), expiresAt: z.string(), lines: z.array(ZBoqLine),
});
export type TQuoteInvitation = z.infer<typeof ZQuoteInvitation>;

/**
 * A line's price: unitPrice left out or null = not quoted (the supplier does not offer it). "0" is refused unless
 * freeOfCharge is set, so a 0 typed to skip a line can never rank lowest.
 */
const ZPricedLines = z.array(z.object({ lineId: ZId, unitPrice: ZOrderMoneyText.nullish(), freeOfCharge: z.boolean().optional() }))
  .min(1, 'price at least one line').max(MAX_BOQ_LINES);
const ZQuoteTerms = {
  taxId: optionalText(40).describe("the supplier's TIN"),
  leadTimeDays: z.number().int('must be a whole number of days').min(0, 'must be 0 to 365 days').max(365, 'must be 0 to 365 days').nullish(),
  validUntil: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)').nullish(),
  validDays: z.number().int('must be a whole number of days').min(1, 'must be 1 to 365 days').max(365, 'must be 1 to 365 days').nullish(),
};

/** `submit-quote`: the contractor's prices, through the link (no account). */
export const ZSubmitQuote = z.object({
  contractId: ZContractId,
  token: ZQuoteToken,
  contractorName: text(160),
  phone: optionalText(40),
  notes: optionalText(2000),
  lines: ZPricedLines,
  ...ZQuoteTerms,
});
export type TSubmitQuote = z.infer<typeof ZSubmitQuote>;

/** `upload-quotes/{email}` (quotesData, email): a quote received elsewhere, typed in by staff. */
export const ZUploadQuotes = z.object({
  email: ZEmail.describe("the contractor's or vendor's e-mail"),
  quotesData: z.object({
    contractId: ZContractId,
    contractorName: text(160),
    vendorId: ZId.nullish(),
    notes: optionalText(2000),
    lines: ZPricedLines,
    ...ZQuoteTerms,
  }),
});
export type TUploadQuotes = z.infer<typeof ZUploadQuotes>;

export const ZVendorListQuery = z.object({ search: z.string().trim().max(100, 'must be at most 100 characters').optional() });

export const VENDOR_MSG = {
  vendorsAdded: 'Vendors added successfully',
  vendorUpdated: 'Vendor updated successfully',
  vendorDeleted: 'Vendor deleted successfully',
  clientSaved: 'Client saved successfully',
  clientDeleted: 'Client deleted successfully',
  boqSaved: 'BOQ saved successfully',
  boqDeleted: 'BOQ deleted successfully',
  sentToContractor: 'The BOQ was sent to the contractor',
  quoteSubmitted: 'Thank you: your quote was submitted',
  quoteUploaded: 'Quote saved successfully',
  quoteAwarded: 'Quote awarded: a purchase order was created',
  quoteLinkInvalid: 'This quote link is invalid, has expired or was already used',
  linkMailNotConfigured: 'The quote link was created. No mail server is configured, so no e-mail was sent: copy the link or share it',
  linkMailFailed: 'The quote link was created, but the e-mail could not be sent: copy the link or share it',
  linesAwarded: 'Lines awarded: purchase orders were created',
} as const;

/** What became of the e-mail with a quote link (platform/mail): sent, failed, or not sent because no mail server is configured. */
export const MAIL_STATUSES = ['sent', 'failed', 'not-configured'] as const;
export const ZSentToContractor = z.object({
  email: z.string(), contractId: z.string(), expiresAt: z.string(),
  /** The single-use link itself, to copy or share (WhatsApp); shown once, only its hash is kept. */
  link: z.string(),
  mailStatus: z.enum(MAIL_STATUSES),
});
export type TSentToContractor = z.infer<typeof ZSentToContractor>;

/** Per-line award (issue 35): the quote chosen for each line; lines left out are not awarded. */
export const ZAwardLines = z.object({
  lines: z.array(z.object({ lineId: ZId, quoteId: ZId })).min(1, 'choose a quote for at least one line').max(MAX_BOQ_LINES),
  /** The vendor each quote's supplier is, when the match was not confident: an existing vendor id, or null to create one. */
  vendors: z.array(z.object({ quoteId: ZId, vendorId: ZId.nullable() })).max(MAX_BOQ_LINES).optional(),
});
export type TAwardLines = z.infer<typeof ZAwardLines>;

export const VENDOR_MATCHES = ['quote', 'tin', 'name', 'ask', 'new'] as const;
export const ZVendorMatch = z.object({
  /** quote: the quote names its vendor; tin/name: matched confidently; ask: several or uncertain, the buyer picks; new: none alike, one is created. */
  status: z.enum(VENDOR_MATCHES),
  vendor: z.object({ _id: z.string(), name: z.string(), taxId: z.string().nullable() }).nullable(),
  candidates: z.array(z.object({ _id: z.string(), name: z.string(), taxId: z.string().nullable() })),
});
export type TVendorMatch = z.infer<typeof ZVendorMatch>;

/** What an award would create, before confirming: one PO per supplier with its lines, VAT and total. */
export const ZAwardPreview = z.object({
  currency: z.string(), vatRateBp: z.number().int(), levyRateBp: z.number().int(),
  orders: z.array(z.object({
    quoteId: z.string(), contractorName: z.string(), taxId: z.string().nullable(), match: ZVendorMatch,
    lines: z.array(z.object({ lineId: z.string(), item: z.string(), quantity: z.string(), unit: z.string(), unitPriceMinor: z.number().int(), lineTotalMinor: z.number().int() })),
    subtotalMinor: z.number().int(), vatMinor: z.number().int(), leviesMinor: z.number().int(), totalMinor: z.number().int(),
  })),
});
export type TAwardPreview = z.infer<typeof ZAwardPreview>;

// Import (CSV or XLSX): preview, then an all-or-nothing job (as the inventory import).
/** The template's header row: the vendor form's fields; header names are matched without case, spaces or punctuation. */
export const VENDOR_IMPORT_HEADER = ['Name', 'Contact name', 'Email', 'Phone', 'Address', 'Bank name', 'Bank account number', 'Bank account name', 'Tax ID', 'Categories', 'Rating', 'Notes'] as const;
export const VENDOR_IMPORT_MAX_ROWS = 2_000;
export const VENDOR_IMPORT_MSG = {
  empty: 'The file has a header row but no vendors below it',
  nothingImported: 'Some rows have errors, so nothing was imported. Fix them and upload the file again.',
  finished: 'Vendor import finished',
} as const;
