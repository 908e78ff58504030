import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { fieldErrorText } from '../i18n/index.ts';
import { applyServerError } from './formErrors.ts';

type TOptions<I extends FieldValues, O> = {
  schema: z.ZodType<O, I>;
  /** Whether the dialog is open: the form is reset to `defaults()` each time it opens. */
  open: boolean;
  defaults: () => I;
  submit: (values: O) => Promise<unknown>;
  /** Called after a successful submit (usually closes the dialog). */
  onDone: () => void;
};

/**
 * The form of a dialog: checked by the contract's schema, fresh each time the dialog opens, and a
 * server failure lands on the fields it names with the rest shown as the dialog's error.
 */
export const useDialogForm = <I extends FieldValues, O>({ schema, open, defaults, submit, onDone }: TOptions<I, O>) => {
  const { t } = useTranslation('app');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<I, unknown, O>({ resolver: zodResolver(schema as never) as unknown as Resolver<I, unknown, O>, defaultValues: defaults() as DefaultValues<I> });
  const { reset, setError, handleSubmit, formState } = form;

  useEffect(() => {
    if (!open) return;
    reset(defaults() as DefaultValues<I>);
    setFormError(null);
    // Reset when the dialog opens only, not when the caller's objects change identity.
  }, [open]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await submit(values);
      onDone();
    } catch (error) {
      setFormError(applyServerError(t, error, setError, Object.keys(defaults()) as Path<I>[]));
    }
  });

  /** `error` and `helperText` of one field for a MUI TextField. */
  const fieldProps = (name: Path<I>) => {
    const message = (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
    return { error: !!message, helperText: fieldErrorText(t, message) };
  };

  return { form, formError, onSubmit, fieldProps };
};
