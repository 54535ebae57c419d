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
    expect(renderHook(() => useCrudPermissions('user', 'user_export')).result.current.export).toBe(false);
    grant('user_view', 'user_export');
    expect(renderHook(() => useCrudPermissions('user', 'user_export')).result.current.export).toBe(true);
  });
});
