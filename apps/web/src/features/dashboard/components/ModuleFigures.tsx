import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AccountBalanceIcon,
  AccountBalanceWalletIcon,
  BadgeIcon,
  BeachAccessIcon,
  EventAvailableIcon,
  InsightsIcon,
  Inventory2Icon,
  LocalShippingIcon,
  ReceiptLongIcon,
  ShoppingCartIcon,
  TrendingUpIcon,
  type TLightIcon,
} from '../../../shared/ui/icons/startIcons.ts';
import { dashboardFiguresQuery } from '../api.ts';
import { StatCard } from '../../../shared/ui/StatCard.tsx';
import { Money } from '../../../shared/ui/Money.tsx';
import { formatNumber } from '../../../shared/format/dates.ts';
import { useCurrentUser } from '../../../shared/session.ts';
import '../dashboard.css';

const LOOK: Record<string, { Icon: TLightIcon; color: string }> = {
  headcount: { Icon: BadgeIcon, color: '#047857' },
  projectOverheadsMonth: { Icon: ReceiptLongIcon, color: '#b45309' },
  projectMargin: { Icon: TrendingUpIcon, color: '#0f766e' },
  attendanceToday: { Icon: EventAvailableIcon, color: '#1d4ed8' },
  leavePending: { Icon: BeachAccessIcon, color: '#7c3aed' },
  ordersAwaitingApproval: { Icon: ShoppingCartIcon, color: '#b45309' },
  paymentsDue: { Icon: AccountBalanceWalletIcon, color: '#0f766e' },
  itemsBelowReorder: { Icon: Inventory2Icon, color: '#c62828' },
  trucksOut: { Icon: LocalShippingIcon, color: '#1d4ed8' },
  payrollAwaitingApproval: { Icon: AccountBalanceIcon, color: '#7c3aed' },
  remittancesDue: { Icon: ReceiptLongIcon, color: '#b45309' },
  remittancesOverdue: { Icon: ReceiptLongIcon, color: '#c62828' },
};

/**
 * Figures of the reader's own work across the modules their roles open (GET /dashboard/figures: HR, operations, accounts,
 * projects), each linking to the list it counts, filtered the same way; an empty module says how to start.
 */
export const ModuleFigures = () => {
  const { t, i18n } = useTranslation('costs');
  const user = useCurrentUser();
  const figures = useQuery(dashboardFiguresQuery());
  const list = figures.data ?? [];
  if (figures.isError || (!figures.isLoading && list.length === 0)) return null;
  return (
    // Plain elements and static CSS (dashboard.css), as the figures above: this stage inserts no styles (issue 10).
    <section className="bd-dash-section" aria-labelledby="module-figures-title">
      <h2 id="module-figures-title" className="bd-dash-title bd-dash-title--spaced">{t('dashboard.title')}</h2>
      <div className="bd-dash-figures" data-testid="module-figures">
        {figures.isLoading ? [0, 1].map((i) => <StatCard key={i} label="" value="" Icon={InsightsIcon} color="#64748b" loading />) : list.map((f) => {
          const look = LOOK[f.key] ?? { Icon: InsightsIcon, color: '#1d4ed8' };
          const value = f.kind === 'money' ? <Money compact minor={f.value} currency={user.currency} /> : formatNumber(f.value, i18n.language);
          return (
            <StatCard key={f.key} label={t(`dashboard.${f.key}.label`, { defaultValue: f.key })} value={value}
              caption={f.isEmpty ? t(`dashboard.${f.key}.start`, { defaultValue: '' }) : t(`dashboard.${f.key}.caption`, { defaultValue: '', count: f.count })}
              Icon={look.Icon} color={look.color} to={f.to} />
          );
        })}
      </div>
    </section>
  );
};
