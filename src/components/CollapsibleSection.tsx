// A titled section that can be folded. It follows `defaultOpen` (which may change, as when a live reply finishes)
// until the user toggles it. Folded content stays in the page, hidden, so opening it again is instant.
import { useState, type ReactNode } from 'react';
import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

interface CollapsibleSectionProps {
  label: string;
  title: string;
  defaultOpen: boolean;
  children: ReactNode;
}

export function CollapsibleSection({ label, title, defaultOpen, children }: CollapsibleSectionProps) {
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? defaultOpen;
  return (
    <Box component="section" aria-label={label} sx={{ my: 1 }}>
      <ButtonBase
        onClick={() => setToggled(!open)}
        aria-expanded={open}
        sx={{ gap: 0.25, px: 0.5, ml: -0.5, borderRadius: 1, color: 'text.secondary' }}
      >
        <Typography variant="caption">{title}</Typography>
        <ExpandMoreIcon fontSize="small" sx={{ transform: open ? 'rotate(180deg)' : 'none' }} aria-hidden />
      </ButtonBase>
      <Stack spacing={0.75} hidden={!open} sx={{ mt: 0.5, display: open ? 'flex' : 'none' }}>
        {children}
      </Stack>
    </Box>
  );
}
