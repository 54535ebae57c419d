import { fetchPackages } from '../../../api/system.ts';

/** Every tenant package, for the package column and the package dialog. */
export const packagesQuery = { queryKey: ['crud', 'tenant_package', 'all'], queryFn: fetchPackages };
