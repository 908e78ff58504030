import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { renderWithApp, setupI18n } from '../../../test/render.tsx';
import type { TNotice } from '../model.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const notice = (id: string, over: Partial<TNotice> = {}): TNotice => ({
  id,
  title: `Title ${id}`,
  description: `Body ${id}`,
  type: 'HR',
  createdAt: minutesAgo(5),
  isUnRead: true,
  ...over,
});

beforeAll(setupI18n);

describe('NotificationsPanel', () => {
  it('shows "Loading notifications..." while loading', () => {
    renderWithApp(<NotificationsPanel notices={undefined} isLoading isError={false} onMarkAllRead={vi.fn()} />);
    expect(screen.getByText('Loading notifications...')).toBeInTheDocument();
  });

  it('shows the fetch failure message', () => {
    renderWithApp(<NotificationsPanel notices={undefined} isLoading={false} isError onMarkAllRead={vi.fn()} />);
    expect(screen.getByText('Failed to fetch notifications. Please try again later.')).toBeInTheDocument();
  });

  it("names the author of a person's post, and nobody for the server's (issue 29)", () => {
    const list = [notice('1', { type: 'Lunch', author: 'Ada Obi' }), notice('2')];
    renderWithApp(<NotificationsPanel notices={list} isLoading={false} isError={false} onMarkAllRead={vi.fn()} now={NOW} />);
    const authors = screen.getAllByTestId('notification-author');
    expect(authors).toHaveLength(1);
    expect(authors[0]).toHaveTextContent('From Ada Obi');
  });

  it('groups the first two under "New" and the rest under "Before that"', () => {
    const list = [notice('1'), notice('2'), notice('3'), notice('4')];
    renderWithApp(<NotificationsPanel notices={list} isLoading={false} isError={false} onMarkAllRead={vi.fn()} now={NOW} />);
    const fresh = screen.getByRole('list', { name: 'New' });
    const before = screen.getByRole('list', { name: 'Before that' });
    expect(within(fresh).getAllByTestId('notification-item')).toHaveLength(2);
    expect(within(fresh).getByText('Title 1')).toBeInTheDocument();
    expect(within(fresh).getByText('Title 2')).toBeInTheDocument();
    expect(within(before).getAllByTestId('notification-item')).toHaveLength(2);
    expect(within(before).getByText('Title 4')).toBeInTheDocument();
  });

  it('shows no "Before that" group for two or fewer', () => {
    renderWithApp(<NotificationsPanel notices={[notice('1'), notice('2')]} isLoading={false} isError={false} onMarkAllRead={vi.fn()} now={NOW} />);
    expect(screen.getByRole('list', { name: 'New' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Before that' })).not.toBeInTheDocument();
  });

  it('writes relative times and "Invalid date" for a missing or unreadable date', () => {
    const list = [
      notice('1', { createdAt: minutesAgo(5) }),
      notice('2', { createdAt: minutesAgo(180) }),
      notice('3', { createdAt: null }),
      notice('4', { createdAt: 'not a date' }),
    ];
    renderWithApp(<NotificationsPanel notices={list} isLoading={false} isError={false} onMarkAllRead={vi.fn()} now={NOW} />);
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('3 hours ago')).toBeInTheDocument();
    expect(screen.getAllByText('Invalid date')).toHaveLength(2);
  });

  it('shows the category icons of spec 01 §3 and none for other categories', () => {
    const list = [notice('1', { type: 'Procurement' }), notice('2', { type: 'Reminders' }), notice('3', { type: 'Something else' })];
    const { container } = renderWithApp(<NotificationsPanel notices={list} isLoading={false} isError={false} onMarkAllRead={vi.fn()} now={NOW} />);
    expect(container.querySelector('[data-category-icon="Procurement"]')).not.toBeNull();
    expect(container.querySelector('[data-category-icon="Reminders"]')).not.toBeNull();
    expect(container.querySelectorAll('[data-category-icon]')).toHaveLength(2);
  });

  it('offers "Mark all as read" while something is unread', async () => {
    const onMarkAllRead = vi.fn();
    const { rerender } = renderWithApp(<NotificationsPanel notices={[notice('1')]} isLoading={false} isError={false} onMarkAllRead={onMarkAllRead} now={NOW} />);
    expect(screen.getByText('You have 1 unread message')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(onMarkAllRead).toHaveBeenCalledTimes(1);
    rerender(<NotificationsPanel notices={[notice('1', { isUnRead: false })]} isLoading={false} isError={false} onMarkAllRead={onMarkAllRead} now={NOW} />);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
