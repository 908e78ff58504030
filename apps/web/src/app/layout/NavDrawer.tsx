import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import type { SxProps, Theme } from '@mui/material/styles';

type TProps = { open: boolean; onClose: () => void; paperSx: SxProps<Theme>; label: string; children: ReactNode };

/** The navigation as a drawer on smaller screens (NavPanel): mounted on the first opening, then kept. */
export const NavDrawer = ({ open, onClose, paperSx, label, children }: TProps) => (
  <Drawer variant="temporary" open={open} onClose={onClose} ModalProps={{ keepMounted: true }} slotProps={{ paper: { sx: paperSx, 'aria-label': label } }} data-testid="nav-drawer">
    {children}
  </Drawer>
);
