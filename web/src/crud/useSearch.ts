import { useState } from 'react';

/**
 * A list's search criteria, and how many searches were made. The count belongs in the list's query
 * key: 搜索 pressed again with the same criteria then asks the server afresh (rows may have come or
 * gone since) instead of showing the answer cached under an unchanged key.
 */
export function useSearch<F>(initial: F) {
  const [state, setState] = useState({ filters: initial, searches: 0 });
  return {
    filters: state.filters,
    searches: state.searches,
    search: (filters: F) => setState((before) => ({ filters, searches: before.searches + 1 })),
  };
}
