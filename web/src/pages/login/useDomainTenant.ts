import { useEffect, useState } from 'react';
import { tenantOfDomain } from '../../api/auth.ts';

type DomainTenant = { tenantId: string; tenantName: string } | undefined;

/** One question per host and page load: the login form and the account application share the answer. */
const asked = new Map<string, Promise<DomainTenant>>();

function tenantOf(host: string): Promise<DomainTenant> {
  let answer = asked.get(host);
  if (!answer) {
    answer = tenantOfDomain(host).then(
      // An unknown host answers the fields empty.
      (tenant) => (tenant?.tenantId ? tenant : undefined),
      () => undefined,
    );
    asked.set(host, answer);
  }
  return answer;
}

/**
 * The tenant whose domain (租户管理's 域名地址) is the host this page is served on, or undefined:
 * its id fills the tenant field of the login form and of the account application (spec part 7).
 */
export function useDomainTenant(): DomainTenant {
  const host = window.location.hostname;
  const [tenant, setTenant] = useState<DomainTenant>();
  useEffect(() => {
    let current = true;
    tenantOf(host).then((found) => current && setTenant(found));
    return () => {
      current = false;
    };
  }, [host]);
  return tenant;
}
