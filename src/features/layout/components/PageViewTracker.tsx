// Reports each path plus query string to the analytics adapter 100 ms after navigation.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { analytics, PAGE_VIEW_DELAY_MS } from '../../../app/analytics';

export function PageViewTracker() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => analytics.pageView(`${pathname}${search}`), PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, search]);
  return null;
}
