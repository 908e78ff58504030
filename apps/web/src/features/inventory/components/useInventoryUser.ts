import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/session.ts';
import { currencyOf, formatMinor } from '../../../shared/format/money.ts';

/** The signed-in user with the business's e-mail, currency and a money formatter in the user's language. */
export const useInventoryUser = () => {
  const user = useCurrentUser();
  const { i18n } = useTranslation();
  const currency = user.currency || currencyOf(user.country);
  const language = i18n.resolvedLanguage ?? 'en';
  return { user, email: user.ownerEmail, currency, language, money: (minor: number | null | undefined) => formatMinor(minor, currency, language) };
};
