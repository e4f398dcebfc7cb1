// Admin tools box: the admin mode switch (also Shift+Alt+A), and in admin mode what the page adds (the reports).
import type { ReactNode } from 'react';
import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAdminMode } from '../../auth/authSelectors';
import { adminModeToggled } from '../../auth/authSlice';
import { ProfileCard } from './ProfileCard';

export function AdminTools({ children }: { children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const adminMode = useAppSelector(selectAdminMode);
  return (
    <ProfileCard title="Admin Tools">
      <FormControlLabel
        control={<Switch checked={adminMode} onChange={() => dispatch(adminModeToggled())} />}
        label="Admin mode"
      />
      <Typography variant="body2" color="text.secondary">
        Shortcut: Shift+Alt+A
      </Typography>
      {adminMode && children}
    </ProfileCard>
  );
}
