import { z } from 'zod';

export const ZId = z.uuid({ message: 'must be a valid id' });
export const ZIdParams = z.object({ id: ZId });
export const ZEmail = z.string().trim().toLowerCase().pipe(z.email({ message: 'must be a valid e-mail address' }));
export const ZEmailParams = z.object({ email: ZEmail });
export const ZPassword = z.string().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters');
export const ZName = (max = 120) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(10),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** Success envelope: `{ success: true, message?, data }`. */
export const ZOk = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

export const ZPaged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int().describe('number of pages'),
    totalRecords: z.number().int(),
  });

export const ZErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
