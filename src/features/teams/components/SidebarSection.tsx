// A collapsible sidebar section with a title and a count.
import { useState, type ReactNode } from 'react';
import { Box, ButtonBase, Collapse, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

interface SidebarSectionProps {
  title: string;
  count?: number;
  children: ReactNode;
}

export function SidebarSection({ title, count, children }: SidebarSectionProps) {
  const [open, setOpen] = useState(true);
  return (
    <Box component="section" aria-label={title}>
      <ButtonBase
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        sx={{ width: '100%', justifyContent: 'space-between', py: 1 }}
      >
        <Typography variant="overline" sx={{ lineHeight: 1.5 }}>
          {title}
          {count !== undefined ? ` (${count})` : ''}
        </Typography>
        <ExpandMoreIcon fontSize="small" sx={{ transform: open ? 'rotate(180deg)' : 'none' }} aria-hidden />
      </ButtonBase>
      <Collapse in={open}>{children}</Collapse>
    </Box>
  );
}
