// Layout of a policy page: title, last-updated line, sections, and a link to the other policy.
import type { ReactNode } from 'react';
import { Box, Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
  other: { to: string; label: string };
}

export function LegalPage({ title, updated, intro, sections, other }: LegalPageProps) {
  return (
    <Box sx={{ maxWidth: 860, mx: 'auto', p: { xs: 2, md: 4 }, width: '100%' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Last updated: {updated}
        </Typography>
        <Typography component="div" sx={{ my: 2 }}>
          {intro}
        </Typography>
        {sections.map((section) => (
          <Box component="section" key={section.heading} sx={{ mt: 3 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {section.heading}
            </Typography>
            <Typography component="div" sx={{ '& p': { mt: 0, mb: 1.5 }, '& ul': { mt: 0 } }}>
              {section.body}
            </Typography>
          </Box>
        ))}
        <Typography sx={{ mt: 4 }}>
          See also:{' '}
          <Link component={RouterLink} to={other.to}>
            {other.label}
          </Link>
        </Typography>
      </Paper>
    </Box>
  );
}
