import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TEnvelope } from './client.ts';
import { flash } from '../ui/flash.ts';
import { translateMessage } from '../i18n/index.ts';

type TOptions = { invalidate: readonly QueryKey[]; successText?: string };

/** A call that changes data: refreshes the named queries and shows the server's success message. */
export const useApiMutation = <TVars, TData = unknown>(call: (vars: TVars) => Promise<TEnvelope<TData>>, { invalidate, successText }: TOptions) => {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: call,
    onSuccess: async (res) => {
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const text = res?.message ? translateMessage(t, res.message) : successText;
      if (text) flash(text, 'success', { isFallback: true });
    },
  });
};
