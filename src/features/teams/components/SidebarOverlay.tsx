// Below 640 px the sidebar opens over the chat instead of squeezing it; following one of its links closes it.
import type { MouseEvent, ReactNode } from 'react';
import { Drawer } from '@mui/material';
import { useAppDispatch } from '../../../app/hooks';
import { sidebarClosed } from '../../layout/layoutSlice';

export function SidebarOverlay({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const close = () => dispatch(sidebarClosed());
  const onClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a[href]')) close();
  };
  return (
    <Drawer open onClose={close} slotProps={{ paper: { onClick, sx: { maxWidth: '85vw' } } }}>
      {children}
    </Drawer>
  );
}
