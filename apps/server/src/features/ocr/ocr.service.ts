import { OCR_MSG, type TOcrResult, type TSaveSummary } from '@bizdesk/contract';
import type { TDeps } from '../../platform/deps.ts';
import { assertBusinessEmail, type TUserAuth } from '../../platform/auth/guard.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { incrementCounter } from '../../platform/http/rate-limit.repo.ts';
import { createOcrQueue, type TOcrLimits } from './ocr-queue.ts';
import { proposeReceiptFields } from './receipt-fields.ts';
import * as repo from './ocr.repo.ts';

const HOUR_MS = 60 * 60 * 1000;

export const createOcrService = ({ db, config }: TDeps, limits?: TOcrLimits) => {
  const queue = createOcrQueue(limits);
  const perHour = config.OCR_DOCUMENTS_PER_HOUR;
  return {
    /**
     * Text of a receipt or document, and the date, vendor and total it seems to state. Each business has an hourly
     * quota of documents, counted in PostgreSQL (rate_limits, one statement) so every instance enforces the same one.
     */
    read: async (auth: Pick<TUserAuth, 'businessId'>, file: { buffer: Buffer; mime: string }): Promise<TOcrResult> => {
      const { current, resetAt } = await incrementCounter(db, `ocr:${auth.businessId}`, HOUR_MS);
      if (current > perHour) {
        const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
        throw new AppError('RATE_LIMITED', OCR_MSG.quotaReached(perHour, Math.ceil(seconds / 60)), 429, { retryAfterSeconds: seconds });
      }
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
