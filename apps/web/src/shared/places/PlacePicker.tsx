import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TPlace, TPlaceKind } from '@bizdesk/contract';
import { usePlaces } from './api.ts';

type TProps = {
  label: string;
  /** The kinds offered (all when omitted): a GRN line takes a store or site, a cost a project. */
  kinds?: readonly TPlaceKind[];
  /** The chosen place's id. */
  value: string | null;
  onChange: (place: TPlace | null) => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  name?: string;
  required?: boolean;
  size?: 'small' | 'medium';
};

/**
 * One of the business's places (issue 34), chosen from the list: never typed, so "Lekki phase 2" cannot become a second
 * project. Options are grouped by kind; a site shows its project.
 */
export const PlacePicker = ({ label, kinds, value, onChange, error, helperText, disabled, name, required, size }: TProps) => {
  const { t } = useTranslation('app');
  const places = usePlaces(kinds);
  const options = useMemo(() => places.data ?? [], [places.data]);
  const chosen = options.find((p) => p._id === value) ?? null;
  return (
    <Autocomplete<TPlace>
      value={chosen}
      options={options}
      loading={places.isLoading}
      disabled={disabled}
      groupBy={(p) => t(`places.kind.${p.kind}`)}
      getOptionLabel={(p) => (p.kind === 'site' && p.projectName ? `${p.name} (${p.projectName})` : p.name)}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_event, next) => onChange(next)}
      noOptionsText={options.length ? t('places.none') : t('places.noneYet')}
      loadingText={t('core:common.loading')}
      size={size}
      renderInput={(params) => <TextField {...params} name={name} label={label} required={required} error={!!error} helperText={error ?? helperText} />}
    />
  );
};
