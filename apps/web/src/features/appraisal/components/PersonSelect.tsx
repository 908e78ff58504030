import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TEmployee } from '@bizdesk/contract';

type TProps = { label: string; value: string; onChange: (id: string) => void; people: readonly TEmployee[]; testId: string; exclude?: string; showDepartment?: boolean };

/** One person of the staff given (a department's, or everyone's with their department shown). */
export const PersonSelect = ({ label, value, onChange, people, testId, exclude, showDepartment }: TProps) => {
  const { t } = useTranslation('appraisal');
  const options = people.filter((p) => p._id !== exclude);
  return (
    <TextField select label={label} value={value} onChange={(e) => onChange(e.target.value)} fullWidth helperText={options.length ? undefined : t('people.none')} slotProps={{ htmlInput: { 'data-testid': testId } }}>
      <MenuItem value="" disabled>
        {t('people.choose')}
      </MenuItem>
      {options.map((p) => (
        <MenuItem key={p._id} value={p._id}>
          {p.name} · {p.employeeNumber}
          {showDepartment && p.department ? ` · ${p.department}` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
};
