import { create } from 'zustand';

/** Whether the menu search dialog is open: the top bar and the tags bar's menu both open it. */
export const useMenuSearchDialog = create<{ open: boolean; setOpen(open: boolean): void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
