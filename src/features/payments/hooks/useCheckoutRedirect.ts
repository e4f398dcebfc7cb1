// Starts a checkout and sends the browser to the provider's page; "redirecting" holds until the page unloads.
import { useEffect, useState } from 'react';
import { redirectTo } from '../../../services/navigation';

export function useCheckoutRedirect(onError: (message: string | null) => void) {
  const [redirecting, setRedirecting] = useState(false);

  // Coming back from the provider with the Back button may restore this page from the back-forward cache.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = async (createSession: () => Promise<{ url?: string | null }>, failure: string) => {
    onError(null);
    setRedirecting(true);
    try {
      const { url } = await createSession();
      // Without a URL there is nowhere to go, so the buttons come back.
      if (url) redirectTo(url);
      else setRedirecting(false);
    } catch {
      setRedirecting(false);
      onError(failure);
    }
  };

  return { redirecting, start };
}
