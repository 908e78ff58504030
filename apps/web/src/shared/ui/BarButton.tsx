import type { ButtonHTMLAttributes, Ref } from 'react';
import './frame.css';

type TProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> & {
  ref?: Ref<HTMLButtonElement>;
  /** Drawn in the primary colour (its popup is open). */
  active?: boolean;
  /** `round` (an icon, as MUI's IconButton), `avatar` (the account picture) or `outlined` (a labelled button). */
  look?: 'round' | 'avatar' | 'outlined';
  /** Pulled to the row's start edge by its padding, as IconButton's `edge="start"`. */
  edgeStart?: boolean;
};

/**
 * A button of the top bar: a plain `<button>` with static CSS (shared/ui/frame.css) drawn as MUI's IconButton and
 * outlined Button were, so the shell's first commit serialises and inserts no styles for the top bar (issue 10).
 */
export const BarButton = ({ ref, active = false, look = 'round', edgeStart = false, ...props }: TProps) => (
  <button
    ref={ref}
    type="button"
    className={['bd-bar-btn', look === 'round' ? '' : `bd-bar-btn--${look}`, active ? 'bd-bar-btn--active' : '', edgeStart ? 'bd-bar-btn--edge-start' : ''].filter(Boolean).join(' ')}
    {...props}
  />
);
