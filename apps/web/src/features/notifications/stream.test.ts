import { describe, expect, it } from 'vitest';
import { parseServerEvents } from './stream.ts';

describe('Server-Sent Events parsing', () => {
  it('reads named events, skips comment pings and keeps an unfinished tail', () => {
    const chunk = ': ping\n\nevent: notification\ndata: {"_id":"1"}\n\nevent: notification\ndata: {"_id":';
    const { events, rest } = parseServerEvents(chunk);
    expect(events).toEqual([{ event: 'notification', data: '{"_id":"1"}', id: undefined }]);
    expect(rest).toBe('event: notification\ndata: {"_id":');
    const next = parseServerEvents(`${rest}"2"}\n\n`);
    expect(next.events[0]).toMatchObject({ event: 'notification', data: '{"_id":"2"}' });
    expect(next.rest).toBe('');
  });

  it('joins multi-line data, accepts CRLF and defaults the event name', () => {
    const { events } = parseServerEvents('id: 7\r\ndata: line one\r\ndata: line two\r\n\r\n');
    expect(events).toEqual([{ event: 'message', data: 'line one\nline two', id: '7' }]);
  });
});
