import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import type { TEmployeeDetail, TPersonRef } from '@bizdesk/contract';
import { displayError } from '../../../shared/i18n/index.ts';
import { PanelCard } from '../../../shared/ui/PanelCard.tsx';
import { useUpdateHierarchy } from '../api.ts';
import { serverFieldErrors } from '../../../shared/api/errors.ts';
import { EmployeePicker, EmployeesPicker } from './EmployeePicker.tsx';
import { fieldError } from '../validation.ts';

type THierarchyField = 'appraiser' | 'superior' | 'upline' | 'downlines';

/**
 * Appraiser, superior, upline and downlines (PUT /employee/update-hierarchy). The server refuses circles, the
 * employee themselves and people of another business with a message naming the field; it is shown on that field.
 */
export const HierarchyEditor = ({ employee, email }: { employee: TEmployeeDetail; email: string }) => {
  const { t } = useTranslation('people');
  const save = useUpdateHierarchy();
  const [appraiser, setAppraiser] = useState<TPersonRef | null>(employee.appraiser);
  const [superior, setSuperior] = useState<TPersonRef | null>(employee.superior);
  const [upline, setUpline] = useState<TPersonRef | null>(employee.upline);
  const [downlines, setDownlines] = useState<TPersonRef[]>(employee.downlines);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<THierarchyField, string>>>({});

  const clearError = (field: THierarchyField) => setFieldErrors((current) => ({ ...current, [field]: undefined }));

  const onSave = () => {
    setFormError(null);
    setFieldErrors({});
    save.mutate(
      { employeeId: employee._id, appraiser: appraiser?._id ?? null, superior: superior?._id ?? null, upline: upline?._id ?? null, downlines: downlines.map((d) => d._id) },
      {
        onError: (error) => {
          setFieldErrors(serverFieldErrors(error));
          setFormError(displayError(t, error));
        },
      },
    );
  };

  const common = { email, excludeId: employee._id, disabled: save.isPending };
  const errorOf = (field: THierarchyField) => fieldError(t, fieldErrors[field]);
  return (
    <PanelCard title={t('hierarchy.title')} subtitle={t('hierarchy.subtitle')}>
      <Box sx={{ px: 3, pb: 3 }} data-testid="hierarchy-editor">
        {formError ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <EmployeePicker {...common} name="appraiser" label={t('hierarchy.appraiser')} value={appraiser} onChange={(v) => { setAppraiser(v); clearError('appraiser'); }} error={errorOf('appraiser')} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <EmployeePicker {...common} name="superior" label={t('hierarchy.superior')} value={superior} onChange={(v) => { setSuperior(v); clearError('superior'); }} error={errorOf('superior')} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <EmployeePicker {...common} name="upline" label={t('hierarchy.upline')} value={upline} onChange={(v) => { setUpline(v); clearError('upline'); }} error={errorOf('upline')} />
          </Grid>
          <Grid size={12}>
            <EmployeesPicker {...common} name="downlines" label={t('hierarchy.downlines')} value={downlines} onChange={(v) => { setDownlines(v); clearError('downlines'); }} error={errorOf('downlines')} helperText={t('hierarchy.downlinesHelp')} />
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button variant="contained" onClick={onSave} loading={save.isPending}>
            {t('hierarchy.save')}
          </Button>
        </Box>
      </Box>
    </PanelCard>
  );
};
