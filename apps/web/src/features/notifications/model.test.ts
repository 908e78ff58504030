import { describe, expect, it } from 'vitest';
import { countUnread, dropOlderThan, groupNotices, isDesktopWorthy, markAllRead, prependNotice, retentionCutoff, toNotice, type TNotice } from './model.ts';

const notice = (id: string, over: Partial<TNotice> = {}): TNotice => ({ id, title: `t${id}`, description: '', type: 'HR', createdAt: new Date().toISOString(), isUnRead: true, ...over });

describe('notification rules', () => {
  it('maps the server fields to the panel fields (spec 01 §3)', () => {
    expect(
      toNotice({ _id: 'n1', actionType: 'Leave request', message: 'Ada asked for leave', category: 'HR', createdAt: '2026-01-02T10:00:00.000Z', read: false }),
    ).toEqual({ id: 'n1', title: 'Leave request', description: 'Ada asked for leave', type: 'HR', createdAt: '2026-01-02T10:00:00.000Z', isUnRead: true, messageKey: null, params: null, author: null, link: null });
    // Issue 29: a person's post names its author; a server notification links to its screen.
    expect(toNotice({ _id: 'n5', author: { _id: 'u1', name: 'Ada Obi' } }).author).toBe('Ada Obi');
    expect(toNotice({ _id: 'n6', link: { screen: 'complaints', id: 'c1' } }).link).toEqual({ screen: 'complaints', id: 'c1' });
    expect(toNotice({ _id: 'n4', messageKey: 'leave.requested', params: { name: 'Ada', count: 3 } })).toMatchObject({ messageKey: 'leave.requested', params: { name: 'Ada', count: 3 } });
    expect(toNotice({ _id: 'n2', read: true }).isUnRead).toBe(false);
    expect(toNotice({ _id: 'n3' }).createdAt).toBeNull();
  });

  it('puts the first two under "New" and the rest under "Before that"', () => {
    const list = ['a', 'b', 'c', 'd', 'e'].map((id) => notice(id));
    const { fresh, earlier } = groupNotices(list);
    expect(fresh.map((n) => n.id)).toEqual(['a', 'b']);
    expect(earlier.map((n) => n.id)).toEqual(['c', 'd', 'e']);
    expect(groupNotices([notice('only')])).toEqual({ fresh: [expect.objectContaining({ id: 'only' })], earlier: [] });
  });

  it('marks everything read locally', () => {
    const list = [notice('a'), notice('b', { isUnRead: false }), notice('c')];
    expect(countUnread(list)).toBe(2);
    const read = markAllRead(list);
    expect(countUnread(read)).toBe(0);
    expect(countUnread(list)).toBe(2);
  });

  it('uses a cut-off exactly seven days back and drops only older dated items', () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    const cutoff = retentionCutoff(now);
    expect(cutoff).toBe('2026-03-03T12:00:00.000Z');
    const list = [
      notice('new', { createdAt: '2026-03-09T00:00:00.000Z' }),
      notice('edge', { createdAt: cutoff }),
      notice('old', { createdAt: '2026-03-01T00:00:00.000Z' }),
      notice('undated', { createdAt: null }),
    ];
    expect(dropOlderThan(list, cutoff).map((n) => n.id)).toEqual(['new', 'edge', 'undated']);
  });

  it('raises desktop notifications only for unread items newer than about six hours', () => {
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    expect(isDesktopWorthy(notice('a', { createdAt: '2026-03-10T07:00:00.000Z' }), now)).toBe(true);
    expect(isDesktopWorthy(notice('b', { createdAt: '2026-03-10T05:00:00.000Z' }), now)).toBe(false);
    expect(isDesktopWorthy(notice('c', { createdAt: '2026-03-10T11:00:00.000Z', isUnRead: false }), now)).toBe(false);
    expect(isDesktopWorthy(notice('d', { createdAt: null }), now)).toBe(false);
  });

  it('puts a live arrival on top without duplicating it', () => {
    const list = [notice('a'), notice('b')];
    expect(prependNotice(list, notice('c')).map((n) => n.id)).toEqual(['c', 'a', 'b']);
    expect(prependNotice(list, notice('b')).map((n) => n.id)).toEqual(['b', 'a']);
    expect(prependNotice(undefined, notice('x')).map((n) => n.id)).toEqual(['x']);
  });
});
