import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TPlace, TPlaceKind } from '@bizdesk/contract';
import { useCreatePlace, usePlaces } from './api.ts';
import { useSession } from '../session.ts';
import { hasRole } from '../access.ts';
import { displayError } from '../i18n/index.ts';
import { flash } from '../ui/flash.ts';

/** Who may add a place (the server's rule for POST /places). */
const PLACE_KEEPERS = ['Settings-access', 'Inventory-access', 'Procurement-access'] as const;
const NEW_ID = '__new__';
const keyOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const filter = createFilterOptions<TPlace>({ stringify: (p) => `${p.name} ${p.projectName ?? ''}` });

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
  /**
   * A typed name no place has yet can be added on the spot as this kind (for a user who keeps places): the form that
   * needs a new project or store does not send its user to Settings first. Off for filters.
   */
  createAs?: 'project' | 'store';
};

/**
 * One of the business's places (issue 34), chosen from the list: never typed, so "Lekki phase 2" cannot become a second
 * project. Options are grouped by kind; a site shows its project.
 */
export const PlacePicker = ({ label, kinds, value, onChange, error, helperText, disabled, name, required, size, createAs }: TProps) => {
  const { t } = useTranslation('app');
  const { user } = useSession();
  const places = usePlaces(kinds);
  const create = useCreatePlace();
  const [made, setMade] = useState<TPlace | null>(null);
  const options = useMemo(() => {
    const list = places.data ?? [];
    return made && !list.some((p) => p._id === made._id) ? [...list, made] : list;
  }, [places.data, made]);
  const chosen = options.find((p) => p._id === value) ?? null;
  const mayCreate = Boolean(createAs) && PLACE_KEEPERS.some((role) => hasRole(user?.roles, role));
  const add = (placeName: string) => {
    create.mutate({ kind: createAs!, name: placeName.trim() }, {
      onSuccess: (res) => {
        setMade(res.data);
        onChange(res.data);
      },
      onError: (err) => flash(displayError(t, err), 'error'),
    });
  };
  return (
    <Autocomplete<TPlace>
      value={chosen}
      options={options}
      loading={places.isLoading}
      disabled={disabled || create.isPending}
      groupBy={(p) => (p._id === NEW_ID ? t('places.newGroup') : t(`places.kind.${p.kind}`))}
      filterOptions={(list, state) => {
        const found = filter(list, state);
        const typed = state.inputValue.trim();
        if (!mayCreate || !typed || list.some((p) => keyOf(p.name) === keyOf(typed))) return found;
        const fresh: TPlace = { _id: NEW_ID, kind: createAs!, name: typed, projectId: null, projectName: null, address: '', description: '', status: 'active', archived: false };
        return [...found, fresh];
      }}
      getOptionLabel={(p) => (p._id === NEW_ID ? t(createAs === 'store' ? 'places.addStore' : 'places.addProject', { name: p.name }) : p.kind === 'site' && p.projectName ? `${p.name} (${p.projectName})` : p.name)}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      onChange={(_event, next) => (next?._id === NEW_ID ? add(next.name) : onChange(next))}
      noOptionsText={options.length ? t('places.none') : t('places.noneYet')}
      loadingText={t('core:common.loading')}
      size={size}
      renderInput={(params) => <TextField {...params} name={name} label={label} required={required} error={!!error} helperText={error ?? helperText} />}
    />
  );
};
