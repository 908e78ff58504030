import { i18n } from '../../shared/i18n/index.ts';
import { isDesktopWorthy, type TNotice } from './model.ts';
import { noticeTexts } from './texts.ts';

const SHOWN_KEY = 'bizdeskDesktopNotified';
const MAX_REMEMBERED = 200;

const readShown = (): string[] => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SHOWN_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Asks the browser once (while the permission is still undecided). */
export const askDesktopPermission = async () => {
  if (!supported() || Notification.permission !== 'default') return;
  try {
    await Notification.requestPermission();
  } catch (error) {
    console.warn('Notification permission request failed', error);
  }
};

/** Raises a desktop notification for each recent unread item not raised before on this browser. */
export const raiseDesktopNotifications = (notices: readonly TNotice[], now = Date.now()) => {
  if (!supported() || Notification.permission !== 'granted') return 0;
  const shown = readShown();
  const fresh = notices.filter((n) => isDesktopWorthy(n, now) && !shown.includes(n.id));
  for (const n of fresh) {
    try {
      const text = noticeTexts(i18n.t, n, i18n.language);
      new Notification(text.title || 'Bizdesk', { body: text.description, tag: n.id, icon: '/favicon.svg' });
    } catch (error) {
      console.warn('Desktop notification failed', error);
    }
  }
  if (fresh.length) localStorage.setItem(SHOWN_KEY, JSON.stringify([...shown, ...fresh.map((n) => n.id)].slice(-MAX_REMEMBERED)));
  return fresh.length;
};
