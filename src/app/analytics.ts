// Page-view analytics adapter: a no-op unless VITE_ANALYTICS_URL names a collector.
import { ANALYTICS_URL } from '../config/env';

export interface Analytics {
  pageView(pathWithQuery: string): void;
}

export const PAGE_VIEW_DELAY_MS = 100;

function beaconAnalytics(url: string): Analytics {
  return {
    pageView(path) {
      const body = JSON.stringify({ path, at: new Date().toISOString() });
      if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(url, body);
      else void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    },
  };
}

export const analytics: Analytics = ANALYTICS_URL ? beaconAnalytics(ANALYTICS_URL) : { pageView: () => undefined };
