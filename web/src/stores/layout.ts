import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Layout preferences kept across visits. */
interface LayoutState {
  collapsed: boolean;
  setCollapsed(collapsed: boolean): void;
}

export const useLayout = create<LayoutState>()(
  persist(
    (set) => ({
      collapsed: false,
      setCollapsed: (collapsed) => set({ collapsed }),
    }),
    { name: 'park.layout', partialize: ({ collapsed }) => ({ collapsed }) },
  ),
);
