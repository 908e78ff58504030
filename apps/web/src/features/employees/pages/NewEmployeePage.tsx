import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Skeleton from '@mui/material/Skeleton';
import type { TEmployeeInput } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { canSeePay } from '../../../shared/access.ts';
import { useUserData } from '../../users/api.ts';
import { useCreateEmployee, useDesignations } from '../api.ts';
import { EmployeeForm, emptyEmployeeForm } from '../components/EmployeeForm.tsx';
import { detailPath } from '../paths.ts';

/** /new-employee (spec 01 §2): POST /employee/create/{id} with the signed-in user's id. */
export const NewEmployeePage = () => {
  const { t } = useTranslation('people');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const account = useUserData(user._id);
  const designations = useDesignations(user.ownerEmail);
  const create = useCreateEmployee(user._id);
  const loading = account.isLoading || designations.isLoading;

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
            void navigate(detailPath(res.data._id));
          }}
        />
      )}
    </>
  );
};
