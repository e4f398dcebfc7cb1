// The shared layout around every page: header, page, footer, admin toggle and page-view reporting.
import { Suspense } from 'react';
import { Box } from '@mui/material';
import { Outlet } from 'react-router';
import { AdminModeToggle } from './AdminModeToggle';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageLoading } from '../../../components/PageLoading';
import { PageViewTracker } from './PageViewTracker';

export function AppLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default', color: 'text.primary' }}>
      <Header />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <AdminModeToggle />
      <PageViewTracker />
    </Box>
  );
}
