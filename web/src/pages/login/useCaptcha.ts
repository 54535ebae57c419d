import { useCallback, useEffect, useRef, useState } from 'react';
import { type Captcha, fetchCaptcha } from '../../api/auth.ts';

/**
 * The current captcha; each code is valid once, so the form refreshes it after every failed login.
 * Plain state, not a query: the login page does without the query client (it loads with the console).
 */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha>();
  // Only the latest request's answer counts, and none after the form is gone.
  const latest = useRef(0);
  const refresh = useCallback(() => {
    const asked = ++latest.current;
    // A failed call is shown by the HTTP client; the form keeps asking for a code until the server says otherwise.
    fetchCaptcha().then(
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
  // Until the server says otherwise the captcha is on (spec part 9).
  const enabled = captcha?.enabled !== false;
  return { captcha, enabled, refresh };
}
