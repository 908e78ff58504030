import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TPaySettings, TPayStructure } from '@bizdesk/contract';
import { FormDialog } from '../../../shared/ui/FormDialog.tsx';
import { displayError } from '../../../shared/i18n/index.ts';
import { usePaySettings } from '../../payroll/api.ts';
import { useAssignStructure } from '../api.ts';

type TPick = Pick<TPaySettings, 'employeeId' | 'employeeNumber' | 'name'>;

/** Puts one or many employees on a structure (searched by name or number); their own split gives way to it. */
export const AssignStructureDialog = ({ structure, open, onClose }: { structure: TPayStructure | null; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('structures');
  const assign = useAssignStructure();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<TPick[]>([]);
  const options = usePaySettings(1, 50, search);
  useEffect(() => {
    if (open) {
      assign.reset();
      setPicked([]);
      setSearch('');
    }
  }, [open]);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!structure || picked.length === 0) return;
    assign.mutate({ employeeIds: picked.map((p) => p.employeeId), structureId: structure._id }, { onSuccess: onClose });
  };
  return (
    <FormDialog open={open} title={t('assign.title', { name: structure?.name ?? '' })} description={t('assign.help')} submitLabel={t('assign.submit', { count: picked.length })}
      busy={assign.isPending} error={assign.error ? displayError(t, assign.error) : null} onSubmit={onSubmit} onClose={onClose}>
      <Autocomplete<TPick, true>
        multiple
        options={options.data?.rows ?? []}
        value={picked}
        onChange={(_e, v) => setPicked(v)}
        inputValue={search}
        onInputChange={(_e, v, reason) => { if (reason !== 'reset') setSearch(v); }}
        filterOptions={(x) => x}
        isOptionEqualToValue={(a, b) => a.employeeId === b.employeeId}
        getOptionLabel={(o) => `${o.employeeNumber} ${o.name}`}
        loading={options.isFetching}
        renderInput={(params) => <TextField {...params} label={t('assign.employees')} />}
      />
    </FormDialog>
  );
};
