import { MSG } from '@bagshop/shared/messages';
import { messageOf, userChangedAnswer } from '@bagshop/shared/schemas/account';
import {
  changePasswordSchema,
  codeSentAnswer,
  emailOnlySchema,
  googleCallbackQuery,
  googleConfigAnswer,
  googleSignInAnswer,
  googleStartQuery,
  loginSchema,
  logoutSchema,
  refreshedAnswer,
  refreshSchema,
  registeredAnswer,
  registerSchema,
  registrationStartedAnswer,
  resetGrantAnswer,
  resetPasswordSchema,
  sessionAnswer,
  verifyEmailCodeSchema,
  verifyOtpSchema,
} from '@bagshop/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type LimitedAction, rateLimited } from '../../platform/rate-limits.ts';
import { errors } from '../../platform/route-contract.ts';
import { createGoogleSignIn } from './google.ts';
import { login } from './login.ts';
import { changePassword, requestPasswordReset, resetPassword, verifyPasswordResetCode } from './password.ts';
import { revokeFamilyOf, rotateRefreshToken } from './refresh-tokens.ts';
import { completeRegistration, resendRegistrationCode, startRegistration } from './registration.ts';
import { sendEmailVerificationCode, verifyEmail } from './verify-email.ts';

const tags = ['auth'];
const codeSent = messageOf(MSG.otpSent);

const GOOGLE_FLOW_COOKIE = 'bagshop_google';
const GOOGLE_FLOW_COOKIE_PATH = '/api/user';

/** The flow cookie: signed, script-proof, sent only over https when the shop is served over https. */
function googleFlowCookieOptions(publicUrl: string) {
  return {
    signed: true,
    httpOnly: true,
    secure: publicUrl.startsWith('https:'),
    sameSite: 'lax',
    path: GOOGLE_FLOW_COOKIE_PATH,
    maxAge: 600,
  } as const;
}

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const google = createGoogleSignIn(deps);
  const flowCookie = googleFlowCookieOptions(deps.config.publicUrl);
  const { requireUser } = deps.guards;

  return async (app) => {
    const limit = (action: LimitedAction) => rateLimited(deps.db, action);

    app.post(
      '/register',
      {
        schema: {
          tags,
          summary: 'Start a registration: mails a one-time code',
          description:
            'The account exists only once the code is verified (POST /verify-otp). `delivery` says how the code ' +
            'travelled: `mail`, or without a mail server `devMailbox` (development, at `mailbox`) or `console`.',
          body: registerSchema,
          response: { 201: registrationStartedAnswer, ...errors(409, 429) },
        },
        preHandler: limit('register'),
      },
      async (request, reply) => {
        const travel = await startRegistration(deps, request.body);
        return reply.status(201).send({ ...travel, email: request.body.email });
      },
    );

    app.post(
      '/verify-otp',
      {
        schema: {
          tags,
          summary: 'Finish a registration with its code and sign in',
          body: verifyOtpSchema,
          response: { 200: registeredAnswer, ...errors(409, 429) },
        },
        preHandler: limit('verifyRegistration'),
      },
      async (request) => {
        const payload = await completeRegistration(deps, request.body.email, request.body.otp);
        return { message: MSG.registered, ...payload };
      },
    );

    app.post(
      '/resend-otp',
      {
        schema: {
          tags,
          summary: 'Mail a new registration code',
          description: '`delivery` says how the code travelled, as at POST /register.',
          body: emailOnlySchema,
          response: { 200: codeSentAnswer, ...errors(404, 429) },
        },
        preHandler: limit('resendRegistration'),
      },
      async (request) => resendRegistrationCode(deps, request.body.email),
    );

    app.post(
      '/login',
      {
        schema: {
          tags,
          summary: 'Sign in with email and password',
          description: 'Repeated failures for one address or account are throttled (429).',
          body: loginSchema,
          response: { 200: sessionAnswer, ...errors(401, 403, 429) },
        },
      },
      async (request) => login(deps, request.body, request.ip),
    );

    app.post(
      '/auth/refresh',
      {
        schema: {
          tags,
          summary: 'Renew the access token',
          description: 'The refresh token rotates: a used one signs its whole family out (401 TOKEN_REUSED).',
          body: refreshSchema,
          response: { 200: refreshedAnswer, ...errors(401, 403, 429) },
        },
        preHandler: limit('refresh'),
      },
      async (request) => {
        const { userId, tokenVersion, refreshToken } = await rotateRefreshToken(deps.db, request.body.refreshToken);
        return { accessToken: await deps.tokens.sign(userId, tokenVersion), refreshToken };
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          tags,
          summary: 'Sign out: revokes the refresh token',
          body: logoutSchema,
          response: { 200: messageOf(MSG.loggedOut) },
        },
      },
      async (request) => {
        if (request.body?.refreshToken) await revokeFamilyOf(deps.db, request.body.refreshToken);
        return { message: MSG.loggedOut };
      },
    );

    app.post(
      '/forgot-password',
      {
        schema: {
          tags,
          summary: 'Mail a password reset code',
          description: 'Answers the same whether or not the address has an account.',
          body: emailOnlySchema,
          response: { 200: codeSent, ...errors(429) },
        },
        preHandler: limit('forgotPassword'),
      },
      async (request) => {
        await requestPasswordReset(deps, request.body.email);
        return { message: MSG.otpSent };
      },
    );

    app.post(
      '/verify-otp-password',
      {
        schema: {
          tags,
          summary: 'Check a password reset code: answers the reset grant',
          body: verifyOtpSchema,
          response: { 200: resetGrantAnswer, ...errors(429) },
        },
        preHandler: limit('verifyResetCode'),
      },
      async (request) => {
        const resetToken = await verifyPasswordResetCode(deps, request.body.email, request.body.otp);
        return { message: MSG.otpVerified, resetToken };
      },
    );

    app.post(
      '/reset-password',
      {
        schema: {
          tags,
          summary: 'Set a new password with the reset grant',
          body: resetPasswordSchema,
          response: { 200: messageOf(MSG.passwordReset), ...errors(403, 429) },
        },
        preHandler: limit('resetPassword'),
      },
      async (request) => {
        await resetPassword(deps, request.body);
        return { message: MSG.passwordReset };
      },
    );

    app.post(
      '/change-password',
      {
        schema: {
          tags,
          summary: "Change the signed-in user's password",
          body: changePasswordSchema,
          response: { 200: messageOf(MSG.passwordChanged), ...errors(429) },
        },
        onRequest: requireUser,
        preHandler: limit('changePassword'),
      },
      async (request) => {
        await changePassword(deps, userOf(request).id, request.body);
        return { message: MSG.passwordChanged };
      },
    );

    app.post(
      '/account/verify-email/send',
      {
        schema: {
          tags,
          summary: "Mail a code to verify the signed-in user's email",
          response: { 200: codeSent, ...errors(409, 429) },
        },
        onRequest: requireUser,
        preHandler: limit('sendVerificationMail'),
      },
      async (request) => {
        await sendEmailVerificationCode(deps, userOf(request).id);
        return { message: MSG.otpSent };
      },
    );

    app.post(
      '/account/verify-email',
      {
        schema: {
          tags,
          summary: "Verify the signed-in user's email with its code",
          body: verifyEmailCodeSchema,
          response: { 200: userChangedAnswer, ...errors(409, 429) },
        },
        onRequest: requireUser,
        preHandler: limit('verifyEmail'),
      },
      async (request) => {
        const user = await verifyEmail(deps, userOf(request).id, request.body.otp);
        return { message: MSG.otpVerified, user };
      },
    );

    app.get(
      '/auth/google/config',
      { schema: { tags, summary: 'Whether Google sign-in is on', response: { 200: googleConfigAnswer } } },
      async () => ({ enabled: google.enabled }),
    );

    app.get(
      '/auth/google/start',
      {
        schema: {
          tags,
          summary: "Start Google sign-in: redirects to Google's consent screen",
          description: 'Sets a signed, single-use cookie for the flow; 503 when Google sign-in is not set up.',
          querystring: googleStartQuery,
          response: { 302: z.null().meta({ description: "To Google's consent screen" }), ...errors(404, 429) },
        },
        preHandler: limit('google'),
      },
      async (request, reply) => {
        const { url, flow } = await google.start(request.query.redirect);
        reply.setCookie(GOOGLE_FLOW_COOKIE, flow, flowCookie);
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/google',
      {
        schema: {
          tags,
          summary: 'Finish Google sign-in: answers a session',
          description: "Google's callback parameters go to the token check with the flow's cookie.",
          querystring: googleCallbackQuery,
          response: { 200: googleSignInAnswer, ...errors(401, 403, 404, 409, 429, 502) },
        },
        preHandler: limit('google'),
      },
      async (request, reply) => {
        const cookie = request.cookies[GOOGLE_FLOW_COOKIE];
        const unsigned = cookie ? request.unsignCookie(cookie) : null;
        // The flow is single use, whatever the outcome.
        reply.clearCookie(GOOGLE_FLOW_COOKIE, { path: GOOGLE_FLOW_COOKIE_PATH, secure: flowCookie.secure });
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        return google.finish(search, unsigned?.valid ? unsigned.value : null);
      },
    );
  };
}
