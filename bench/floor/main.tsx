// The bundle figure's floor: an almost empty page that still pulls in every library the app cannot start without.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider } from 'react-redux';
import { Button, Card, CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import dayjs from 'dayjs';

const api = createApi({ baseQuery: fetchBaseQuery({ baseUrl: '/api/v1' }), endpoints: () => ({}) });
const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});
const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <Card>
        <Button>{dayjs().format('YYYY-MM-DD')}</Button>
      </Card>
    ),
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider theme={createTheme()}>
        <CssBaseline />
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);
