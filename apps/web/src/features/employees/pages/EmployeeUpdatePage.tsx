import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Skeleton from '@mui/material/Skeleton';
import type { TEmployeeUpdate } from '@bizdesk/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCurrentUser } from '../../../shared/session.ts';
import { canSeePay } from '../../../shared/access.ts';
import { useUserData } from '../../users/api.ts';
import { useDesignations, useEmployee, useUpdateEmployee } from '../api.ts';
import { EmployeeNotFound } from '../components/EmployeeNotFound.tsx';
import { EmployeeForm, employeeFormValues } from '../components/EmployeeForm.tsx';
import { detailPath } from '../paths.ts';

/** /employee-update/{id} (spec 01 §2): POST /employee/update-1/{id}; emptied optional fields are cleared. */
export const EmployeeUpdatePage = () => {
  const { t } = useTranslation('people');
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const employee = useEmployee(id);
  const account = useUserData(user._id);
  const designations = useDesignations(user.ownerEmail);
  const update = useUpdateEmployee(id);
  const backPath = detailPath(id);

  if (employee.isError) return <EmployeeNotFound error={employee.error} />;

  return (
    <>
      <PageHeader title={employee.data ? t('form.editTitle', { name: employee.data.name }) : t('detail.title')} description={t('form.editDescription')} />
      {!employee.data || account.isLoading || designations.isLoading ? (
        <Skeleton variant="rounded" height={480} />
      ) : (
        <EmployeeForm<TEmployeeUpdate>
          key={employee.data._id}
          mode="update"
          defaults={employeeFormValues(employee.data)}
          email={user.ownerEmail}
          currency={user.currency}
          canSetPay={canSeePay(user.roles)}
          departments={account.data?.departments ?? []}
          designations={designations.data ?? []}
          submitLabel={t('form.save')}
          onCancel={() => void navigate(backPath)}
          submit={async (payload) => {
            await update.mutateAsync(payload);
            void navigate(backPath);
          }}
        />
      )}
    </>
  );
};
