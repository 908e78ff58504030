import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { MSG, type TProjectPayment } from '@bizdesk/contract';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.tsx';
import { Money } from '../../../shared/ui/Money.tsx';
import { formatMinor } from '../../../shared/format/money.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { translateMessage } from '../../../shared/i18n/index.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import { usePayments, useRemovePayment } from '../api.ts';
import { useKeptWhileClosing } from '../../../shared/ui/useKeptWhileClosing.ts';

/**
 * A project's payments received, each removable (a receipt typed by mistake); removing one that paid a certificate
 * gives the certificate its amount back. A list rather than a grid: the remove button stays beside each row on a phone.
 */
export const ProjectPayments = ({ tagName }: { tagName: string }) => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const language = i18n.language;
  const payments = usePayments(user.ownerEmail, tagName);
  const remove = useRemovePayment(t('project.paymentRemoved'));
  const [removing, setRemoving] = useState<TProjectPayment | null>(null);
  const shown = useKeptWhileClosing(removing);
  const words = (p: TProjectPayment) => ({ amount: formatMinor(p.amountMinor, user.currency, language), date: formatDate(p.date, language) });

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('project.paymentsTitle')}</Typography>
        {payments.isError ? <Alert severity="error">{translateMessage(t, MSG.fetchPaymentHistoryFailed)}</Alert>
          : payments.data?.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('project.noPayments')}</Typography>
            : (
              <List dense aria-label={t('project.paymentsTitle')}>
                {(payments.data ?? []).map((p) => (
                  <ListItem key={p._id} divider secondaryAction={(
                    <Tooltip title={t('project.removePaymentConfirm')}>
                      <IconButton edge="end" size="small" aria-label={t('project.removePayment', words(p))} onClick={() => setRemoving(p)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}>
                    <ListItemText
                      primary={<Money minor={p.amountMinor} currency={user.currency} />}
                      secondary={p.certificateNumber ? `${formatDate(p.date, language)} · ${t('project.paymentForCertificate', { number: p.certificateNumber })}` : formatDate(p.date, language)}
                    />
                  </ListItem>
                ))}
              </List>
            )}
      </CardContent>
      <ConfirmDialog open={!!removing} title={t('project.removePaymentTitle')} destructive busy={remove.isPending}
        body={shown ? (
          <Stack spacing={1}>
            <span>{t('project.removePaymentBody', words(shown))}</span>
            {shown.certificateNumber ? <span>{t('project.removePaymentCertificate', { number: shown.certificateNumber, amount: words(shown).amount })}</span> : null}
          </Stack>
        ) : ''}
        confirmLabel={t('project.removePaymentConfirm')} onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing._id, { onSettled: () => setRemoving(null) })} />
    </Card>
  );
};
