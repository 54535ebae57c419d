import { useQuery } from '@tanstack/react-query';
import { fetchCaptcha } from '../../api/auth.ts';

/** The current captcha; each code is valid once, so the form refreshes it after every failed login. */
export function useCaptcha() {
  const captcha = useQuery({ queryKey: ['captcha'], queryFn: fetchCaptcha, gcTime: 0 });
  // Until the server says otherwise the captcha is on (spec part 9).
  const enabled = captcha.data?.enabled !== false;
  return { captcha: captcha.data, enabled, refresh: () => void captcha.refetch() };
}
