import { useQuery } from '@tanstack/react-query';
import { tenantOfDomain } from '../../api/auth.ts';

/**
 * The tenant whose domain (租户管理's 域名地址) is the host this page is served on, or undefined:
 * its id fills the tenant field of the login form and of the account application (spec part 7).
 */
export function useDomainTenant(): { tenantId: string; tenantName: string } | undefined {
  const host = window.location.hostname;
  const tenant = useQuery({
    queryKey: ['login', 'domain-tenant', host],
    queryFn: () => tenantOfDomain(host),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return tenant.data ?? undefined;
}
