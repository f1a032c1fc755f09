import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAuthStore } from '../../lib/auth-store';
import { createSession } from '../../lib/session';
import { fakeApi, json } from '../../test/fake-api';
import { makeUser, testTokens } from '../../test/fixtures';
import { RealmStatsView } from './realm-stats-view';

afterEach(() => vi.unstubAllGlobals());

describe('realm statistics without access', () => {
  it('says a subscription is needed and makes no data request', async () => {
    const fake = fakeApi(() => json({}));
    vi.stubGlobal('fetch', fake.fetch);
    const authStore = createAuthStore(null);
    authStore.setSession(makeUser({ hasAccess: false }), testTokens);
    const session = createSession({ store: authStore, sleep: () => Promise.resolve(), locks: null });
    render(
      <AppProviders queryClient={new QueryClient()} authStore={authStore} session={session}>
        <MemoryRouter>
          <RealmStatsView region="us" />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findAllByText('You need a subscription active to use the tool!')).toHaveLength(2);
    expect(fake.calls).toHaveLength(0);
  });
});
