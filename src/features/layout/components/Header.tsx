// Shared header: brand, navigation, credits badge, theme menu, sidebar toggle on the team chat, blur once scrolled 10 px.
import { lazy, Suspense, useEffect } from 'react';
import { AppBar, Box, Button, IconButton, Toolbar, Typography, useScrollTrigger } from '@mui/material';
import { alpha } from '@mui/material/styles';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { Link as RouterLink, useMatch, useNavigate } from 'react-router';
import { AfterFirstPaint } from '../../../components/afterPaint';
import { APP_NAME } from '../../../config/env';
import { api } from '../../../services/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsAdmin, selectIsAuthenticated } from '../../auth/authSelectors';
import { signedOut } from '../../auth/authActions';
import { selectSidebarOpen } from '../layoutSelectors';
import { sidebarToggled } from '../layoutSlice';
import { useAdminInHeader } from './adminTogglePlacement';
import { MobileMenu } from './MobileMenu';
import { ThemeMenu } from './ThemeMenu';

// Signed-in users only, so /login never downloads the badge; and after the page's first paint, which they would delay.
const CreditsBadge = lazy(() => import('./CreditsBadge').then((m) => ({ default: m.CreditsBadge })));
const AdminModeButton = lazy(() => import('./AdminModeButton').then((m) => ({ default: m.AdminModeButton })));

const HEADER_BLUR_PX = 10;

export function Header() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const onTeamChat = useMatch('/teams/:teamId/chat') !== null;
  const isAdmin = useAppSelector(selectIsAdmin);
  const sidebarOpen = useAppSelector(selectSidebarOpen);
  const adminInHeader = useAdminInHeader() && isAdmin;
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: HEADER_BLUR_PX });
  const prefetchBalance = api.usePrefetch('getBalance');

  // The balance is asked for while the badge's chunk loads, not after it.
  useEffect(() => {
    if (signedIn) prefetchBalance();
  }, [signedIn, prefetchBalance]);

  const logout = () => {
    dispatch(signedOut('user'));
    void navigate('/login');
  };

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={scrolled ? 2 : 0}
      data-scrolled={scrolled ? 'true' : 'false'}
      sx={(theme) => ({
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: scrolled ? alpha(theme.palette.background.paper, 0.72) : theme.palette.background.paper,
        backdropFilter: scrolled ? 'blur(12px)' : 'none',
      })}
    >
      <Toolbar sx={{ gap: 1 }}>
        {onTeamChat && signedIn && (
          <IconButton
            edge="start"
            color="inherit"
            aria-label="Toggle sidebar"
            aria-expanded={sidebarOpen}
            onClick={() => dispatch(sidebarToggled())}
          >
            <MenuOpenIcon />
          </IconButton>
        )}
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 700,
            flexGrow: 1,
            whiteSpace: 'nowrap',
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {APP_NAME}
        </Typography>
        {signedIn && (
          <AfterFirstPaint>
            <Suspense fallback={null}>
              <CreditsBadge />
            </Suspense>
          </AfterFirstPaint>
        )}
        <Box
          component="nav"
          aria-label="Main"
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, alignItems: 'center' }}
        >
          {signedIn ? (
            <>
              <Button color="inherit" component={RouterLink} to="/profile">
                Profile
              </Button>
              <Button color="inherit" component={RouterLink} to="/payment">
                Manage Credits
              </Button>
              <Button color="inherit" onClick={logout}>
                Logout
              </Button>
            </>
          ) : (
            <Button color="inherit" component={RouterLink} to="/login">
              Login
            </Button>
          )}
        </Box>
        {adminInHeader && (
          <AfterFirstPaint>
            <Suspense fallback={null}>
              <AdminModeButton />
            </Suspense>
          </AfterFirstPaint>
        )}
        <ThemeMenu />
        <MobileMenu signedIn={signedIn} onLogout={logout} />
      </Toolbar>
    </AppBar>
  );
}
