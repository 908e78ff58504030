export type TServerEvent = { event: string; data: string; id?: string };

/**
 * Parses a Server-Sent Events buffer into complete events; returns the unfinished tail to keep.
 * Comment lines (": ping") are skipped.
 */
export const parseServerEvents = (buffer: string): { events: TServerEvent[]; rest: string } => {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: TServerEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    if (data.length) events.push({ event, data: data.join('\n'), id });
  }
  return { events, rest };
};

type TStreamOptions = {
  url: string;
  token: () => string | null;
  onEvent: (event: TServerEvent) => void;
  signal: AbortSignal;
  /** Called with the HTTP status when the server refuses the stream (401 ends the session elsewhere). */
  onRefused?: (status: number) => void;
};

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows an SSE endpoint that needs the bearer header (so fetch + ReadableStream, not EventSource),
 * reconnecting with back-off until aborted.
 */
export const followServerEvents = async ({ url, token, onEvent, signal, onRefused }: TStreamOptions) => {
  let delay = 1000;
  while (!signal.aborted) {
    const bearer = token();
    if (!bearer) return;
    try {
      const res = await fetch(url, { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${bearer}` }, signal, cache: 'no-store' });
      if (res.status === 401 || res.status === 403) {
        onRefused?.(res.status);
        return;
      }
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      delay = 1000;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const parsed = parseServerEvents(buffer);
        buffer = parsed.rest;
        for (const event of parsed.events) onEvent(event);
      }
    } catch (error) {
      if (signal.aborted) return;
      console.warn('Notification stream interrupted', error);
    }
    await wait(delay, signal);
    delay = Math.min(delay * 2, 30_000);
  }
};
