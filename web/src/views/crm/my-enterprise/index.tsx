/** The menu's /crm/my-enterprise opens the company's own enterprise, as /crm/my-enterprise/detail does. */
export { default } from './detail/index.tsx';
