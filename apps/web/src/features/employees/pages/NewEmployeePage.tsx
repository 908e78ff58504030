import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Skeleton from '@mui/material/Skeleton';
import type { TEmployeeInput, TEmployeeWithCodes } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { canSeePay } from '../../../shared/access.ts';
import { useUserData } from '../../users/api.ts';
import { useCreateEmployee, useDesignations } from '../api.ts';
import { EmployeeForm, emptyEmployeeForm } from '../components/EmployeeForm.tsx';
import { detailPath } from '../paths.ts';
import { IssuedCodesDialog } from '../components/IssuedCodesDialog.tsx';

/** /new-employee (spec 01 §2): POST /employee/create/{id} with the signed-in user's id. */
export const NewEmployeePage = () => {
  const { t } = useTranslation('people');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const account = useUserData(user._id);
  const designations = useDesignations(user.ownerEmail);
  const create = useCreateEmployee(user._id);
  const loading = account.isLoading || designations.isLoading;
  // The codes come in the create's answer only: shown once here, then the record opens (which never shows them).
  const [created, setCreated] = useState<TEmployeeWithCodes | null>(null);

  return (
    <>
      <PageHeader title={t('form.newTitle')} description={t('form.newDescription')} />
      {loading ? (
        <Skeleton variant="rounded" height={480} />
      ) : (
        <EmployeeForm<TEmployeeInput>
          mode="create"
          defaults={emptyEmployeeForm}
          email={user.ownerEmail}
          currency={user.currency}
          canSetPay={canSeePay(user.roles)}
          departments={account.data?.departments ?? []}
          designations={designations.data ?? []}
          submitLabel={t('form.create')}
          onCancel={() => void navigate('/employee')}
          submit={async (payload) => {
            const res = await create.mutateAsync(payload);
            setCreated(res.data);
          }}
        />
      )}
      <IssuedCodesDialog
        codes={created}
        name={created?.name ?? ''}
        onClose={() => {
          if (created) void navigate(detailPath(created._id));
          setCreated(null);
        }}
      />
    </>
  );
};
