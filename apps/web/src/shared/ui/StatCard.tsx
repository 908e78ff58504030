import type { ReactNode } from 'react';
import type { TIconComponent } from './icons/iconTypes.ts';
import { Link as RouterLink } from 'react-router';
import { MoneyInControl } from './Money.tsx';
import './frame.css';

type TProps = {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  Icon: TIconComponent;
  color: string;
  loading?: boolean;
  to?: string;
};

/**
 * One figure on the dashboard; a money value is a compact `<Money compact />` (issue 30), never cut off. Plain elements and static CSS (frame.css, the theme's Card, CardActionArea,
 * Typography and Skeleton values) rather than MUI's: the dashboard's first figures commit without emotion
 * serialising and inserting their styles (issue 10), and look the same.
 */
export const StatCard = ({ label, value, caption, Icon, color, loading = false, to }: TProps) => {
  const body = (
    <div className="bd-stat">
      <div className="bd-stat__icon" style={{ backgroundColor: `${color}14`, color }} aria-hidden="true">
        <Icon fontSize="small" />
      </div>
      <div>
        <p className="bd-stat__label">{label}</p>
        <p className="bd-stat__value">{loading ? <span className="bd-skeleton" style={{ width: 48 }} /> : value}</p>
        {caption ? <p className="bd-stat__caption">{caption}</p> : null}
      </div>
    </div>
  );
  return (
    <div className="bd-card bd-card--fill">
      {to ? (
        <RouterLink className="bd-card__action" to={to}>
          <MoneyInControl.Provider value>{body}</MoneyInControl.Provider>
        </RouterLink>
      ) : (
        body
      )}
    </div>
  );
};
