import { TEXT_LIMITS } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { AuthPayload } from '@bagshop/shared/types';
import { and, eq, isNull } from 'drizzle-orm';
import * as client from 'openid-client';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { startSession } from './session.ts';

/** What the browser keeps (in a signed cookie) between leaving for the provider and coming back. */
interface Flow {
  verifier: string;
  state: string;
  redirect: string;
}

export interface GoogleClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface GoogleSignIn {
  enabled: boolean;
  /** The provider's authorization URL and the flow to remember. */
  start(redirect: string | undefined): Promise<{ url: string; flow: string }>;
  finish(search: string, flow: string | null): Promise<AuthPayload & { redirect: string }>;
}

const loginError = (status: 'VALIDATION' | 'UNAUTHORIZED' = 'UNAUTHORIZED') => new AppError(status, MSG.loginError);

/** Only a path inside the shop: never another origin (`//host`, `/\host`) and never a full URL. */
export function safeRedirect(redirect: string | undefined): string {
  if (!redirect || redirect.length > 500 || !redirect.startsWith('/')) return '/';
  if (redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  return redirect;
}

function parseFlow(raw: string | null): Flow | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Flow>;
    if (typeof value.verifier !== 'string' || typeof value.state !== 'string') return null;
    return { verifier: value.verifier, state: value.state, redirect: safeRedirect(value.redirect) };
  } catch {
    return null;
  }
}

/** One per app: the provider's discovery document is fetched once and kept (a failed fetch is retried). */
export function createGoogleSignIn(deps: AppDeps): GoogleSignIn {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_ISSUER: issuer } = deps.config;
  const enabled = Boolean(clientId && clientSecret);
  const callbackUrl = `${deps.config.publicUrl}/auth/google/callback`;
  let discovered: Promise<client.Configuration> | undefined;

  async function configuration(): Promise<client.Configuration> {
    if (!enabled || !clientId || !clientSecret) throw new AppError('NOT_FOUND', MSG.googleNotConfigured);
    const url = new URL(issuer);
    discovered ??= client
      .discovery(
        url,
        clientId,
        clientSecret,
        undefined,
        url.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    enabled,
    async start(redirect) {
      const config = await configuration().catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        throw new AppError('NOT_CONFIGURED', MSG.googleUnavailable);
      });
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      const flow: Flow = { verifier, state, redirect: safeRedirect(redirect) };
      return { url: url.href, flow: JSON.stringify(flow) };
    },

    async finish(search, rawFlow) {
      const params = new URLSearchParams(search);
      if (!params.get('code')) throw loginError('VALIDATION');
      const flow = parseFlow(rawFlow);
      if (!flow) throw loginError();
      const config = await configuration().catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        throw loginError();
      });
      let claims: GoogleClaims;
      try {
        const currentUrl = new URL(callbackUrl);
        currentUrl.search = params.toString();
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new Error('no id token');
        claims = {
          sub: idClaims.sub,
          email: typeof idClaims.email === 'string' ? idClaims.email.trim().toLowerCase() : undefined,
          emailVerified: idClaims.email_verified === true,
          name: typeof idClaims.name === 'string' ? idClaims.name : undefined,
        };
      } catch {
        throw loginError();
      }
      // An address Google has not verified proves nothing: no sign-in, no new account, no link (nothing is written).
      if (!claims.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', MSG.googleEmailNotVerified);
      const payload = await deps.db.transaction(async (tx) => {
        const userId = await findOrCreateUser(tx, claims);
        return startSession(tx, deps.tokens, userId);
      });
      return { ...payload, redirect: flow.redirect };
    },
  };
}

/**
 * By provider account, then by its (verified) email, linking it, else a new account. Blocked users stop here. The
 * caller has refused claims whose email Google did not verify.
 */
async function findOrCreateUser(tx: Tx, claims: GoogleClaims): Promise<string> {
  const columns = { id: users.id, isBlocked: users.isBlocked, deletedAt: users.deletedAt };
  const [bySub] = await tx.select(columns).from(users).where(eq(users.googleSub, claims.sub)).for('update');
  let user = bySub && !bySub.deletedAt ? bySub : undefined;
  if (bySub?.deletedAt) {
    // A deleted account keeps nothing: the provider account may start over.
    await tx.update(users).set({ googleSub: null }).where(eq(users.id, bySub.id));
  }
  if (!user && claims.email) {
    const [byEmail] = await tx
      .select(columns)
      .from(users)
      .where(and(eq(users.email, claims.email), isNull(users.deletedAt)))
      .for('update');
    if (byEmail) {
      await tx
        .update(users)
        .set({ googleSub: claims.sub, emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, byEmail.id));
      user = byEmail;
    }
  }
  if (user) {
    if (user.isBlocked) throw new AppError('BLOCKED', MSG.blocked);
    return user.id;
  }
  if (!claims.email) throw loginError();
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, claims.email), isNull(users.deletedAt)));
  if (taken) throw new AppError('EMAIL_TAKEN', MSG.emailTaken, { email: MSG.emailTaken });
  const name = (claims.name?.trim() || claims.email.split('@')[0]).slice(0, TEXT_LIMITS.userName);
  const [created] = await tx
    .insert(users)
    .values({ email: claims.email, name, phone: '', emailVerified: true, googleSub: claims.sub })
    .returning({ id: users.id });
  return created.id;
}
