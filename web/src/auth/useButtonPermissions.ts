import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchButtons } from '../api/menu.ts';
import { useSession } from '../stores/session.ts';
import { permissionsOf } from './permissions.ts';

/** Loads the granted buttons once per session and stores them as permission flags. */
export function useButtonPermissions(): void {
  const buttons = useQuery({
    queryKey: ['menu', 'buttons'],
    queryFn: fetchButtons,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const setPermissions = useSession((s) => s.setPermissions);
  useEffect(() => {
    if (buttons.data) setPermissions(permissionsOf(buttons.data));
  }, [buttons.data, setPermissions]);
}
