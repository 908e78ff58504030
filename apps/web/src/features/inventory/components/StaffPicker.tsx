import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TPersonRef } from '@bizdesk/contract';
import { useStockStaff } from '../api.ts';

type TProps = { label: string; value: TPersonRef | null; onChange: (person: TPersonRef | null) => void; error?: string; helperText?: string };

/** One of the business's employees (name and number), found by typing: who received or used the stock (issue 34). */
export const StaffPicker = ({ label, value, onChange, error, helperText }: TProps) => {
  const { t } = useTranslation('inventory');
  const [input, setInput] = useState('');
  const staff = useStockStaff(input.trim());
  const options = useMemo(() => {
    const found = staff.data?.rows ?? [];
    return value && !found.some((p) => p._id === value._id) ? [value, ...found] : found;
  }, [staff.data, value]);
  return (
    <Autocomplete<TPersonRef>
      value={value}
      options={options}
      loading={staff.isFetching}
      filterOptions={(list) => list}
      getOptionLabel={(p) => `${p.name} (${p.employeeNumber})`}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, next, reason) => setInput(reason === 'input' ? next : '')}
      noOptionsText={t('move.noStaff')}
      renderInput={(params) => <TextField {...params} name="nums" label={label} required error={!!error} helperText={error ?? helperText} />}
    />
  );
};
