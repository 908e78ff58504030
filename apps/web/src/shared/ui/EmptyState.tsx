import type { ReactNode } from 'react';
import type { TIconComponent } from './icons/iconTypes.ts';
import './emptyState.css';

type TProps = { Icon: TIconComponent; title: string; body?: ReactNode; action?: ReactNode; compact?: boolean; headingLevel?: 'h1' | 'h2' | 'h3' };

/**
 * What a list shows when it has nothing in it yet. Plain elements and static CSS (emptyState.css), as MUI's Stack
 * and Typography drew it: the dashboard shows one before MUI has loaded (issue 10).
 */
export const EmptyState = ({ Icon, title, body, action, compact = false, headingLevel: Heading = compact ? 'h3' : 'h2' }: TProps) => (
  <div className={compact ? 'bd-empty' : 'bd-empty bd-empty--page'} data-testid="empty-state">
    <div className="bd-empty__art" aria-hidden="true">
      <Icon fontSize="inherit" />
    </div>
    <Heading className="bd-empty__title">{title}</Heading>
    {body ? <p className="bd-empty__body">{body}</p> : null}
    {action ? <div className="bd-empty__action">{action}</div> : null}
  </div>
);
