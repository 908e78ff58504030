/**
 * Worker-thread entry: reads one spreadsheet and posts the table (or why not) back. Runs apart from
 * the API's event loop so a slow or hostile file never stalls other requests; the parent terminates
 * it past the time limit. Loaded as sheet-worker.js next to the compiled server, or as .ts under tsx.
 */
import { parentPort } from 'node:worker_threads';
import { readCsv } from './read-csv.ts';
import { readXlsx } from './read-xlsx.ts';
import { SheetLimitError, type TSheetFormat, type TSheetLimits } from './sheet-limits.ts';

export type TSheetRequest = { id: number; bytes: Uint8Array; format: TSheetFormat; limits: TSheetLimits };
export type TSheetReply =
  | { id: number; ok: true; header: string[]; rows: string[][] }
  | { id: number; ok: false; failure?: SheetLimitError['failure']; message: string };

const onRequest = async ({ id, bytes, format, limits }: TSheetRequest): Promise<TSheetReply> => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const table = await (format === 'csv' ? readCsv(buffer, limits) : readXlsx(buffer, limits));
    return { id, ok: true, ...table };
  } catch (err) {
    if (err instanceof SheetLimitError) return { id, ok: false, failure: err.failure, message: err.message };
    return { id, ok: false, message: (err as Error).message ?? String(err) };
  }
};

parentPort?.on('message', (req: TSheetRequest) => {
  void onRequest(req).then((reply) => parentPort!.postMessage(reply));
});
