import http from 'node:http';
import { bearer } from './test-app.ts';

export type TSeen = { message: string; actionType: string; subject?: string; messageKey?: string | null; params?: unknown };

/** Opens the live notification stream over real HTTP: its status, and the notifications it delivers. */
export const openStream = (port: number, token: string) =>
  new Promise<{ status: number; received: TSeen[]; close: () => void; ended: Promise<number> }>((resolve, reject) => {
    const received: TSeen[] = [];
    let onEnd: (at: number) => void = () => undefined;
    const ended = new Promise<number>((r) => (onEnd = r));
    const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/notification/stream', headers: bearer(token) }, (res) => {
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const events = buffer.split('\n\n');
        buffer = events.pop() ?? '';
        for (const e of events) {
          const data = e.split('\n').find((l) => l.startsWith('data: '));
          if (data && e.includes('event: notification')) received.push(JSON.parse(data.slice(6)));
        }
      });
      res.on('end', () => onEnd(Date.now()));
      res.on('close', () => onEnd(Date.now()));
      resolve({ status: res.statusCode ?? 0, received, close: () => req.destroy(), ended });
    });
    req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
  });
