import { forwardRef, memo, type ReactNode, type SVGProps } from 'react';
import type { TIconSize } from './iconTypes.ts';
import './icons.css';

export type TLightIconProps = Omit<SVGProps<SVGSVGElement>, 'fontSize' | 'ref'> & { fontSize?: TIconSize; titleAccess?: string };

const SIZE_CLASS: Record<TIconSize, string> = { inherit: 'Inherit', small: 'Small', medium: 'Medium', large: 'Large' };

/**
 * What `@mui/icons-material`'s `createSvgIcon` makes, without MUI: an `<svg>` with the icon's path, MUI's class
 * names and test id, and static CSS (icons.css) for SvgIcon's sizes. The build gives it to the icons the signed-in
 * start shows (startIcons.ts, through apps/web/light-icons.ts), so the start needs neither MUI nor emotion (issue 10).
 */
const createSvgIcon = (path: ReactNode, name: string) => {
  const Icon = forwardRef<SVGSVGElement, TLightIconProps>(({ fontSize = 'medium', className, titleAccess, ...props }, ref) => (
    <svg
      ref={ref}
      className={`MuiSvgIcon-root MuiSvgIcon-fontSize${SIZE_CLASS[fontSize]} bd-icon bd-icon--${fontSize}${className ? ` ${className}` : ''}`}
      focusable="false"
      aria-hidden={titleAccess ? undefined : true}
      role={titleAccess ? 'img' : undefined}
      viewBox="0 0 24 24"
      data-testid={`${name}Icon`}
      {...props}
    >
      {path}
      {titleAccess ? <title>{titleAccess}</title> : null}
    </svg>
  ));
  Icon.displayName = `${name}Icon`;
  return memo(Icon);
};

export default createSvgIcon;
