import { useTranslation } from 'react-i18next';
import type { TUser } from '@bizdesk/contract';

const greetingKey = (hour: number) => (hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening');

/**
 * The dashboard's title and description. Its texts are in the entry's `core` namespace: the start frame paints
 * them as soon as the user is known, before the dashboard's code and the `app` texts have loaded.
 */
export const useGreeting = (user: Pick<TUser, 'userName' | 'businessName'>) => {
  const { t } = useTranslation();
  return {
    title: t(`dashboard.greeting.${greetingKey(new Date().getHours())}`, { name: user.userName.split(' ')[0] }),
    description: t('dashboard.subtitle', { business: user.businessName }),
  };
};
