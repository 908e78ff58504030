import type { ComponentType } from 'react';

/** The icon sizes a screen picks, as MUI's SvgIcon names them. */
export type TIconSize = 'inherit' | 'small' | 'medium' | 'large';

/**
 * What a component that shows "an icon" asks of it: MUI's icons and the start's light icons (lightSvgIcon.tsx)
 * both are one. Colour, and size beyond these, come from the surrounding element's CSS (`color`, `font-size`).
 */
export type TIconComponent = ComponentType<{ fontSize?: TIconSize }>;
