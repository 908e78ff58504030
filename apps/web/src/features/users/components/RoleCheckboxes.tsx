import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { STAFF_ROLES } from '../roles.ts';

/** `roles`: the choices (default: every staff role); `label`: the legend (default: "Roles"). */
type TProps = { value: readonly string[]; onChange: (roles: string[]) => void; error?: string; roles?: readonly string[]; label?: string };

/** The staff roles, each with what it opens. */
export const RoleCheckboxes = ({ value, onChange, error, roles = STAFF_ROLES, label }: TProps) => {
  const { t } = useTranslation('app');
  const toggle = (role: string) => onChange(value.includes(role) ? value.filter((r) => r !== role) : [...value, role]);
  return (
    <FormControl component="fieldset" error={!!error}>
      <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600 }}>
        {label ?? t('settings.users.roles')}
      </FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {roles.map((role) => (
          <FormControlLabel
            key={role}
            sx={{ alignItems: 'flex-start', m: 0, py: 0.5 }}
            control={<Checkbox checked={value.includes(role)} onChange={() => toggle(role)} sx={{ mt: -0.75 }} />}
            label={
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`roles.${role}.label`)}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t(`roles.${role}.description`)}
                </Typography>
              </>
            }
          />
        ))}
      </FormGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
};
