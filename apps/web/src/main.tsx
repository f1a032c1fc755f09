import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { ErrorBoundary } from './components/error-boundary';
import { createAuthStore } from './lib/auth-store';
import { createSession } from './lib/session';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The session starts before the first render: isLoading is on before any guard looks (SPEC §4 on load),
// and it runs once, whatever StrictMode does with effects.
const authStore = createAuthStore();
const session = createSession({ store: authStore });
void session.restore();
session.startAutoRefresh();

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <AppProviders authStore={authStore} session={session}>
        <RouterProvider router={router} />
      </AppProviders>
    </ErrorBoundary>
  </StrictMode>,
);
