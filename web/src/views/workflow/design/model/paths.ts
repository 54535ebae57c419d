/** The model screens' addresses (workflow-contract.md "Web routes"). */
export const MODEL_LIST_PATH = '/workflow/design/model';
export const designerPath = (id: string) => `/workflow/design/process/${encodeURIComponent(id)}`;
export const historyPath = (id: string) => `${MODEL_LIST_PATH}/history/${encodeURIComponent(id)}`;
