import { redirect, type LoaderFunctionArgs } from 'react-router';
import { HOME_PATH } from '@bizdesk/contract';
import { canAccessPath } from '../shared/access.ts';
import { loadSession } from '../shared/session.ts';

const safeNext = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : '/');

export const nextPathFrom = (search: string) => safeNext(new URLSearchParams(search).get('next'));

/** Main layout: a visitor at / goes to /home (spec 01 §2); elsewhere to the login with a way back. */
export const requireSession = async ({ request }: LoaderFunctionArgs) => {
  const user = await loadSession();
  if (user) return user;
  const url = new URL(request.url);
  if (url.pathname === '/') throw redirect(HOME_PATH);
  throw redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
};

/** Every main-layout page: signed in, and holding the area's role (shared/access.ts), else /notAuthorize. */
export const requireAccess = async (args: LoaderFunctionArgs) => {
  const user = await requireSession(args);
  if (!canAccessPath(user.roles, new URL(args.request.url).pathname)) throw redirect('/notAuthorize');
  return null;
};

/** /index.html: visitors to /home, signed-in users to the dashboard. */
export const indexHtmlRedirect = async () => {
  const user = await loadSession().catch(() => null);
  return redirect(user ? '/' : HOME_PATH);
};

/** The login and register screens send a signed-in user on to where they were going. */
export const redirectIfSignedIn = async ({ request }: LoaderFunctionArgs) => {
  const user = await loadSession().catch(() => null);
  if (user) throw redirect(nextPathFrom(new URL(request.url).search));
  return null;
};
