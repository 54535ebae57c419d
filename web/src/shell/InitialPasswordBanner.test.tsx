import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownAccountQuery } from '../api/system.ts';
import { setLang } from '../i18n/index.ts';
import { InitialPasswordBanner } from './InitialPasswordBanner.tsx';

// A sign-in made in this page, as beginSession marks one: greeted once, as takeSignIn answers true once.
vi.mock('../auth/lifecycle.ts', () => {
  let fresh = true;
  return {
    takeSignIn: () => {
      const first = fresh;
      fresh = false;
      return first;
    },
  };
});

describe('InitialPasswordBanner', () => {
  afterEach(() => setLang('zh'));

  it('prompts after a sign-in, and the open prompt follows a switch of language', async () => {
    setLang('zh');
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(ownAccountQuery.queryKey, { initialPassword: true });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <App>
            <InitialPasswordBanner />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('请修改初始密码')).toBeTruthy();
    expect(screen.getByText(/您的密码仍是初始密码/)).toBeTruthy();

    act(() => setLang('en'));
    expect(await screen.findByText('Please change the initial password')).toBeTruthy();
    expect(screen.getByText(/still has the initial password it was given/)).toBeTruthy();
    // The banner's button and the prompt's.
    expect(screen.getAllByRole('button', { name: 'Change password' })).toHaveLength(2);
    expect(screen.queryByText('请修改初始密码')).toBeNull();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
