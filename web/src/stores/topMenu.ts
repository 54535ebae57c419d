import { create } from 'zustand';

/**
 * The top menu picked in the top bar (none: every menu): the sidebar shows only its menus.
 * Only in memory and dropped with the session's pages, so a new login starts with all menus.
 */
interface TopMenuState {
  id: string | undefined;
  pick(id: string | undefined): void;
}

export const useTopMenu = create<TopMenuState>()((set) => ({
  id: undefined,
  pick: (id) => set({ id }),
}));
