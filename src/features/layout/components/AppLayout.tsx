// The shared layout around every page: header, page, footer, admin toggle and page-view reporting.
import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectIsAdmin } from '../../auth/authSelectors';
import { Footer } from './Footer';
import { Header } from './Header';
import { AfterFirstPaint } from '../../../components/afterPaint';
import { PageLoading } from '../../../components/PageLoading';
import { PageViewTracker } from './PageViewTracker';

// Admins only, so everyone else never downloads it; after the page's first paint, which it would delay.
const AdminModeToggle = lazy(() => import('./AdminModeToggle').then((m) => ({ default: m.AdminModeToggle })));

export function AppLayout() {
  const isAdmin = useAppSelector(selectIsAdmin);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Another page is on its way (its chunk downloading) and the router keeps the old one until it arrives: say so
  // instead, unless the old one is "/", whose "Redirecting..." already does.
  const changingPage = navigation.state === 'loading' && navigation.location.pathname !== pathname && pathname !== '/';
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <Header />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<PageLoading />}>{changingPage ? <PageLoading /> : <Outlet />}</Suspense>
      </Box>
      <Footer />
      {isAdmin && (
        <AfterFirstPaint>
          <Suspense fallback={null}>
            <AdminModeToggle />
          </Suspense>
        </AfterFirstPaint>
      )}
      <PageViewTracker />
    </Box>
  );
}
