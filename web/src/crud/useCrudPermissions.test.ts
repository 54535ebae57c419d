import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../stores/session.ts';
import { useCrudPermissions } from './useCrudPermissions.ts';

const grant = (...codes: string[]) =>
  useSession.getState().setPermissions(Object.fromEntries(codes.map((c) => [c, true as const])));

describe('useCrudPermissions export', () => {
  afterEach(() => grant());

  it('shows export to whoever may view, or holds <key>_export', () => {
    grant('project_view');
    expect(renderHook(() => useCrudPermissions('project')).result.current.export).toBe(true);
    grant('project_export');
    expect(renderHook(() => useCrudPermissions('project')).result.current.export).toBe(true);
    grant('project_add');
    expect(renderHook(() => useCrudPermissions('project')).result.current.export).toBe(false);
  });

  it('shows a screen with its own export button only to holders of that button', () => {
    grant('user_view');
    expect(renderHook(() => useCrudPermissions('user', { exportButton: 'user_export' })).result.current.export).toBe(
      false,
    );
    grant('user_view', 'user_export');
    expect(renderHook(() => useCrudPermissions('user', { exportButton: 'user_export' })).result.current.export).toBe(
      true,
    );
  });
});

describe('useCrudPermissions view', () => {
  afterEach(() => grant());

  it('shows view with <key>_view, or with the view button a screen names for itself', () => {
    grant('dict_horizontal_view');
    expect(renderHook(() => useCrudPermissions('dict')).result.current.view).toBe(false);
    const layout = renderHook(() => useCrudPermissions('dict', { viewButton: 'dict_horizontal_view' })).result.current;
    expect(layout).toMatchObject({ view: true, export: true, add: false, edit: false, remove: false });
    grant('dict_view');
    expect(
      renderHook(() => useCrudPermissions('dict', { viewButton: 'dict_horizontal_view' })).result.current.view,
    ).toBe(true);
  });
});
