import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useKeptPages, withPage } from '../stores/keptPages.ts';
import { useTags } from '../stores/tags.ts';
import { isKeptPath, KeptScreens } from './KeptScreens.tsx';

/** A page with state of its own: what was typed, and the query it sees. */
function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`${name} ${count}`}
    </button>
  );
}

const pageRoutes = [
  { path: '/kept', element: <Counter name="kept" /> },
  { path: '/plain', element: <Counter name="plain" /> },
];
const keptPaths = new Set(['/kept']);

function Screens() {
  return (
    <KeptScreens routes={pageRoutes} keptPaths={keptPaths}>
      {useRoutes(pageRoutes)}
    </KeptScreens>
  );
}

function Layout() {
  return (
    <>
      <Link to="/kept">to kept</Link>
      <Link to="/plain">to plain</Link>
      <Outlet />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <Layout />, children: [{ path: '*', element: <Screens /> }] }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
}

const go = (name: string) => act(() => fireEvent.click(screen.getByText(name)));
const bump = (name: RegExp) => act(() => fireEvent.click(screen.getByRole('button', { name })));

beforeEach(() => {
  useTags.setState({
    tags: [
      { path: '/kept', code: 'kept', name: 'kept' },
      { path: '/plain', code: 'plain', name: 'plain' },
    ],
  });
  useKeptPages.setState({ pages: [], generation: 0 });
});

afterEach(() => {
  cleanup();
});

describe('KeptScreens', () => {
  it('keeps a flagged page’s state across a visit elsewhere, and remounts an unflagged one', async () => {
    renderAt('/kept');
    await bump(/^kept/);
    await bump(/^kept/);
    await go('to plain');
    await bump(/^plain/);
    expect(screen.getByRole('button', { name: 'plain 1' })).toBeTruthy();
    await go('to kept');
    expect(screen.getByRole('button', { name: 'kept 2' })).toBeTruthy();
    await go('to plain');
    expect(screen.getByRole('button', { name: 'plain 0' })).toBeTruthy();
  });

  it('lets a kept page go when its tab closes or the cache is cleared', async () => {
    renderAt('/kept');
    await bump(/^kept/);
    await go('to plain');
    act(() => useTags.getState().close('/kept'));
    await go('to kept');
    expect(screen.getByRole('button', { name: 'kept 0' })).toBeTruthy();
    await bump(/^kept/);
    act(() => useKeptPages.getState().clear());
    expect(screen.getByRole('button', { name: 'kept 0' })).toBeTruthy();
  });
});

describe('isKeptPath', () => {
  it('keeps a flagged menu’s page and the pages below it, not its neighbours', () => {
    const kept = new Set(['/questionnaire/survey-data']);
    expect(isKeptPath(kept, '/questionnaire/survey-data')).toBe(true);
    expect(isKeptPath(kept, '/questionnaire/survey-data/42')).toBe(true);
    expect(isKeptPath(kept, '/questionnaire/survey-data-history')).toBe(false);
    expect(isKeptPath(kept, '/questionnaire/survey')).toBe(false);
  });
});

describe('withPage', () => {
  const a = { path: '/a', search: '', hash: '' };
  const b = { path: '/b', search: '', hash: '' };

  it('appends a new page and updates a known one in its place', () => {
    expect(withPage([a], b)).toEqual([a, b]);
    const moved = { ...a, search: '?page=2' };
    expect(withPage([a, b], moved)).toEqual([moved, b]);
  });

  it('gives the same list when nothing changed', () => {
    const pages = [a, b];
    expect(withPage(pages, { ...a })).toBe(pages);
  });
});
