import type { TOcrResult, TSaveSummary } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { assertBusinessEmail, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { createOcrQueue, type TOcrLimits } from './ocr-queue.ts';
import { proposeReceiptFields } from './receipt-fields.ts';
import * as repo from './ocr.repo.ts';

export const createOcrService = ({ db }: TDeps, limits?: TOcrLimits) => {
  const queue = createOcrQueue(limits);
  return {
    /** Text of a receipt or document, and the date, vendor and total it seems to state. */
    read: async (auth: TUserAuth, file: { buffer: Buffer; mime: string }): Promise<TOcrResult> => {
      const { text, source, pages } = await queue.read(auth.businessId, file.mime, file.buffer);
      return { text, source, pages, proposal: proposeReceiptFields(text) };
    },
    saveSummary: async (auth: TUserAuth, input: TSaveSummary) => {
      assertBusinessEmail(auth, input.email);
      return db.transaction(async (tx) => {
        const row = await repo.insertSummary(tx, auth.businessId, { summary: input.summary, createdBy: auth.userName });
        await audit(tx, auth, 'document.summary-saved', { entity: 'document-summary', entityId: row.id });
        return repo.toSummary(row);
      });
    },
    close: queue.close,
  };
};
export type TOcrService = ReturnType<typeof createOcrService>;
