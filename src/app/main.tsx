import { redirecting } from './lib/redirect-guard';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { handOverPrerender } from './lib/prerender-handover';
import { startUp } from './lib/startup';
import { createAppRouter, queryClient } from './router';
import { warmReaderWhenIdle } from './routes/reader';
import './styles.css';

// Desktop and in-app browsers are sent to their own page before anything renders (redirect-guard).
if (!redirecting) {
  startUp();
  // The router, then the first render, each in a task of its own, not in the one that evaluated the
  // app's modules: on a phone's CPU the three together were the longest task after the first paint.
  setTimeout(() => {
    const router = createAppRouter();
    setTimeout(() => {
      const root = document.getElementById('root')!;
      createRoot(root).render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </StrictMode>,
      );
      handOverPrerender(root);
      warmReaderWhenIdle();
    });
  });
}
