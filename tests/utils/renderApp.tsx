// Renders the whole app (route table and shared layout) at a URL, with the providers of renderWithProviders.
import { makeRoutes } from '../../src/app/router';
import { renderWithProviders, type RenderOptions } from './renderWithProviders';

export const renderApp = (route: string, options: Omit<RenderOptions, 'route' | 'routes'> = {}) =>
  renderWithProviders(null, { ...options, route, routes: makeRoutes });
