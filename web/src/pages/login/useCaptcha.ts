import { useCallback, useEffect, useRef, useState } from 'react';
import { type Captcha, fetchCaptcha } from '../../api/auth.ts';

/**
 * The current captcha; each code is valid once, so the form refreshes it after every failed login.
 * Plain state, not a query: the login page does without the query client (it loads with the console).
 * `demand` is for an account that asks for a captcha although the server's are off: from then on the
 * captchas drawn are required ones, which the server draws anyway.
 */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha>();
  // Only the latest request's answer counts, and none after the form is gone.
  const latest = useRef(0);
  const demanded = useRef(false);
  const refresh = useCallback(() => {
    const asked = ++latest.current;
    // A failed call is shown by the HTTP client; the form keeps asking for a code until the server says otherwise.
    fetchCaptcha(demanded.current).then(
      (next) => asked === latest.current && setCaptcha(next),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    refresh();
    return () => {
      latest.current = -1;
    };
  }, [refresh]);
  const demand = useCallback(() => {
    demanded.current = true;
  }, []);
  // Until the server says otherwise the captcha is on (spec part 9).
  const enabled = captcha?.enabled !== false;
  return { captcha, enabled, refresh, demand };
}
