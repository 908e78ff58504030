import type { TFunction } from 'i18next';
import { APPRAISAL_MSG } from '@bizdesk/contract';
import { errorMessage } from '../../shared/api/errors.ts';
import { displayError } from '../../shared/i18n/index.ts';

const keyByText = new Map<string, string>(Object.entries(APPRAISAL_MSG).map(([key, text]) => [text, key]));

/** A server message of the appraisal feature in the reader's language; any other message as the app shows it. */
export const appraisalMessage = (t: TFunction, message: string) => {
  const key = keyByText.get(message);
  return key ? t(`appraisal:serverMsg.${key}`, { defaultValue: message }) : message;
};

export const appraisalError = (t: TFunction, error: unknown) => {
  const key = keyByText.get(errorMessage(error));
  return key ? t(`appraisal:serverMsg.${key}`) : displayError(t, error);
};
