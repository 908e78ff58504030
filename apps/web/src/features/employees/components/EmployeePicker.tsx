import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TPersonRef } from '@bizdesk/contract';
import { useEmployeeSearch } from '../api.ts';
import { useDebounced } from '../useDebounced.ts';

type TBase = { email: string; label: string; excludeId?: string; error?: string; helperText?: string; disabled?: boolean; name?: string; autoFocus?: boolean };

const useOptions = (email: string, input: string, excludeId: string | undefined, chosen: readonly TPersonRef[]) => {
  const search = useDebounced(input.trim(), 250);
  const result = useEmployeeSearch(email, search);
  const options = useMemo(() => {
    const found: TPersonRef[] = (result.data?.rows ?? []).map((e) => ({ _id: e._id, name: e.name, employeeNumber: e.employeeNumber }));
    // Keep the chosen people among the options so the field can show them while another search is typed.
    const all = [...chosen, ...found.filter((f) => !chosen.some((c) => c._id === f._id))];
    return all.filter((o) => o._id !== excludeId);
  }, [result.data, chosen, excludeId]);
  return { options, loading: result.isFetching };
};

const optionLabel = (o: TPersonRef) => `${o.name} (${o.employeeNumber})`;

/** One employee of the business, found by typing a name, e-mail or number. */
export const EmployeePicker = ({ email, label, excludeId, error, helperText, disabled, name, autoFocus, value, onChange }: TBase & { value: TPersonRef | null; onChange: (value: TPersonRef | null) => void }) => {
  const { t } = useTranslation('people');
  const [input, setInput] = useState('');
  const chosen = useMemo(() => (value ? [value] : []), [value]);
  const { options, loading } = useOptions(email, input, excludeId, chosen);
  return (
    <Autocomplete<TPersonRef>
      value={value}
      options={options}
      loading={loading}
      disabled={disabled}
      filterOptions={(list) => list}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, next, reason) => setInput(reason === 'reset' ? '' : next)}
      noOptionsText={t('hierarchy.noOptions')}
      loadingText={t('core:common.loading')}
      renderInput={(params) => <TextField {...params} name={name} label={label} autoFocus={autoFocus} error={!!error} helperText={error ?? helperText} />}
    />
  );
};

/** Several employees of the business. */
export const EmployeesPicker = ({ email, label, excludeId, error, helperText, disabled, name, value, onChange }: TBase & { value: TPersonRef[]; onChange: (value: TPersonRef[]) => void }) => {
  const { t } = useTranslation('people');
  const [input, setInput] = useState('');
  const { options, loading } = useOptions(email, input, excludeId, value);
  return (
    <Autocomplete<TPersonRef, true>
      multiple
      value={value}
      options={options}
      loading={loading}
      disabled={disabled}
      filterOptions={(list) => list}
      filterSelectedOptions
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, next, reason) => setInput(reason === 'reset' ? '' : next)}
      noOptionsText={t('hierarchy.noOptions')}
      loadingText={t('core:common.loading')}
      renderInput={(params) => <TextField {...params} name={name} label={label} error={!!error} helperText={error ?? helperText} />}
    />
  );
};
