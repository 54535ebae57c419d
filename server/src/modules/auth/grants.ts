import { setTimeout as sleep } from 'node:timers/promises';
import { COMPANY_ACCOUNT } from '../../platform/company-fence.ts';
import { PLATFORM_TENANT } from '../../platform/params.ts';
import type { ClientRow } from '../../platform/pipeline.ts';
import type { Platform } from '../../platform/platform.ts';
import { completeLogin } from '../social/flow.ts';
import {
  checkTenant,
  failureDelay,
  failurePolicy,
  findUserByAccount,
  findUserById,
  idList,
  loadRoles,
  needsCaptcha,
  passwordMatches,
  recordFailure,
  resetFailures,
  type UserRow,
} from './accounts.ts';
import { checkCaptcha } from './captcha.ts';
import { type Identity, openSession, rotateSession, spentRefresh, type TokenAnswer, tokenAnswer } from './issue.ts';
import { OAuthError, type OAuthReason } from './oauth-error.ts';
import { switchModeOn } from './switch.ts';
import type { FailureCounter, LoginFailures } from './throttle.ts';

/** What a token request carries, from its parameters and headers. */
export interface TokenRequest {
  tenantId?: string;
  username?: string;
  /** Lower-case MD5 hex of what the user typed. */
  password?: string;
  refreshToken?: string;
  /** The social grant: the provider's source, and the code and state it sent the browser back with. */
  source?: string;
  code?: string;
  state?: string;
  type?: string;
  captchaKey?: string;
  captchaCode?: string;
  deptId?: string;
  roleId?: string;
  accountType: string;
  /** `saber` when the request came through SpringBlade's /blade-auth/token: its tokens say so (AccessClaims). */
  dialect?: 'saber';
  /** The client's address (request.ip), for the per-address throttle. */
  address?: string;
}

/** Account-Type header -> the user_type it needs: 1 platform account, 2 company (web) account. */
const USER_TYPE_OF = new Map([
  ['platform', 1],
  [COMPANY_ACCOUNT, 2],
]);

/** Refused captchas and passwords one client address may give within the platform's account.lockMinutes (param account.addressFailCount). */
const DEFAULT_ADDRESS_FAILURES = 30;

/**
 * The password and captcha grants: the same login, the captcha checked when the platform turns captchas on.
 * Nobody can keep an account's owner out: an account's wrong passwords (accounts.ts `failurePolicy`) make
 * it ask for a captcha and slow the answers to further wrong ones, never refusing the right password with a
 * right captcha. Past a limit of refused captchas and passwords, the client address that gave them is
 * refused on this instance (`failures.addresses`), before any password is hashed. A wrong password answers
 * 2001 whether the account is unknown or not, and an unknown account name asks for a captcha as a known
 * one does.
 */
export async function passwordGrant(
  platform: Platform,
  client: ClientRow,
  req: TokenRequest,
  failures: LoginFailures,
): Promise<TokenAnswer> {
  const { tenantId, username, password } = req;
  if (!tenantId || !username || !password) throw new OAuthError('invalidRequest');
  const byAddress = req.address ? await addressGuard(platform, failures.addresses, req.address) : undefined;
  if (byAddress?.blocked()) throw new OAuthError('throttled');
  // A captcha is spent by its check: it is checked once, for the platform or for the account.
  const captchaPassed = platform.config.captcha && (await checkCaptcha(platform, req.captchaKey, req.captchaCode));
  if (platform.config.captcha && !captchaPassed) throw refused(byAddress, 'badCaptcha');
  await checkTenant(platform, tenantId);
  const user = await findUserByAccount(platform, tenantId, username);
  const policy = await failurePolicy(platform, tenantId);
  const unknownName = `${tenantId}\n${username}`;
  const demanded = user
    ? needsCaptcha(user, policy)
    : failures.unknownAccounts.reached(unknownName, policy.limit, policy.minutes);
  // Refused before the password is hashed: guessing without captchas costs the server a read.
  if (demanded && !captchaPassed && !(await checkCaptcha(platform, req.captchaKey, req.captchaCode))) {
    throw refused(byAddress, req.captchaKey ? 'badCaptcha' : 'captchaRequired');
  }
  // The password is checked (and takes its time) for every account, known or not.
  const matches = await passwordMatches(platform, password, user);
  if (!user || !matches) {
    const error = refused(byAddress, 'badCredentials');
    const count = user
      ? await recordFailure(platform, user, policy)
      : failures.unknownAccounts.fail(unknownName, policy.minutes);
    await sleep(failureDelay(count, policy));
    throw error;
  }
  checkUsable(user, req.accountType);
  await resetFailures(platform, user);
  const identity = await identify(platform, user, req);
  const session = await openSession(platform, client, identity);
  return tokenAnswer(platform, client, identity, session, req);
}

/** A refused captcha or password, counted against the client address. */
function refused(byAddress: { fail: () => void } | undefined, reason: OAuthReason): OAuthError {
  byAddress?.fail();
  return new OAuthError(reason);
}

/** The throttle of one client address, with the platform's limits (its account.lockMinutes is the window). */
async function addressGuard(platform: Platform, counter: FailureCounter, address: string) {
  const { minutes } = await failurePolicy(platform, PLATFORM_TENANT);
  const limit = await platform.params.getInt(PLATFORM_TENANT, 'account.addressFailCount', DEFAULT_ADDRESS_FAILURES);
  return {
    blocked: () => counter.reached(address, limit, minutes),
    fail: () => counter.fail(address, minutes),
  };
}

/** A new pair of tokens on the same session; the presented refresh token is spent. */
export async function refreshGrant(platform: Platform, client: ClientRow, req: TokenRequest): Promise<TokenAnswer> {
  const claims = req.refreshToken ? platform.signer.verify(req.refreshToken, 'refresh') : undefined;
  if (!claims?.jti || claims.clientId !== client.client_id || platform.sessions.isRevoked(claims.sid)) {
    throw new OAuthError('badRefreshToken');
  }
  const rotated = await rotateSession(platform, client, claims);
  if (!rotated) {
    // A refresh token used a second time was copied: the whole login (every token issued on it) ends.
    if (await spentRefresh(platform, client, claims)) await platform.sessions.revoke(claims.sid);
    throw new OAuthError('badRefreshToken');
  }
  // The user and tenant are read again: a disabled user or an expired tenant gets no new tokens.
  await checkTenant(platform, claims.tenantId);
  const user = await findUserById(platform, claims.tenantId, claims.userId);
  if (!user) throw new OAuthError('badRefreshToken');
  checkUsable(user, rotated.accountType);
  const identity = await identify(platform, user, { ...req, accountType: rotated.accountType });
  return tokenAnswer(platform, client, identity, { sid: claims.sid, jti: rotated.jti }, req);
}

/**
 * The social grant (issue 37): the provider's code and the state it came back with (modules/social/flow.ts: the
 * state single use, bound to its tenant and provider; the code exchanged; an OIDC ID token verified) name a
 * third-party account; bound to a user of the state's tenant, that user gets our tokens as a password login would.
 * An account bound to nobody answers socialUnbound with the signed ticket its registration carries (`oauth_id`).
 */
export async function socialGrant(platform: Platform, client: ClientRow, req: TokenRequest): Promise<TokenAnswer> {
  if (!req.source || !req.code || !req.state) throw new OAuthError('socialRefused');
  const outcome = await completeLogin(platform, { source: req.source, code: req.code, state: req.state });
  if (outcome.kind === 'refused' || (req.tenantId && outcome.tenantId !== req.tenantId)) {
    const why = outcome.kind === 'refused' ? outcome.why : "the tenant asked for is not the state's";
    platform.logs.event(
      'warn',
      'social.refused',
      `第三方登录 ${req.source.slice(0, 32)} 被拒绝：${why.slice(0, 300)}`,
      {
        tenantId: outcome.tenantId ?? PLATFORM_TENANT,
        account: '',
      },
    );
    throw new OAuthError('socialRefused');
  }
  await checkTenant(platform, outcome.tenantId);
  if (outcome.kind === 'unbound') throw new OAuthError('socialUnbound', { oauth_id: outcome.ticket });
  if (outcome.kind !== 'user') throw new OAuthError('socialRefused');
  const user = await findUserById(platform, outcome.tenantId, outcome.userId);
  if (!user) throw new OAuthError('socialRefused');
  checkUsable(user, req.accountType);
  const identity = await identify(platform, user, req);
  const session = await openSession(platform, client, identity);
  return tokenAnswer(platform, client, identity, session, req);
}

function checkUsable(user: UserRow, accountType: string) {
  if (user.status !== 1) throw new OAuthError('userDisabled');
  if (USER_TYPE_OF.get(accountType) !== user.user_type) throw new OAuthError('wrongAccountType');
}

/**
 * The departments and roles the session acts with: all the user's, or, in switch mode
 * (param account.switchMode), the ones named by Dept-Id / Role-Id when the user holds them.
 */
async function identify(platform: Platform, user: UserRow, req: TokenRequest): Promise<Identity> {
  const switchMode = await switchModeOn(platform, user.tenant_id);
  const pick = (wanted: string | undefined, held: string[]) => {
    const ids = idList(wanted);
    return switchMode && ids.length > 0 && ids.every((id) => held.includes(id)) ? ids : held;
  };
  const roles = await loadRoles(platform, user.tenant_id, pick(req.roleId, idList(user.role_id)));
  return {
    user,
    deptIds: pick(req.deptId, idList(user.dept_id)),
    roleIds: roles.ids,
    roleAliases: roles.aliases,
    accountType: req.accountType,
  };
}
