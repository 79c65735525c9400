import type { FastifyInstance } from 'fastify';
import { cookieHeader, syncToken, type TestUser } from './helpers';
import { sameOrigin } from './identity-support';
import { totpCode } from './two-factor-support';

/**
 * Enrols a signed-in user in TOTP through Better Auth (enable with the password,
 * then the first code), as an admin does at the first sign-in. Returns the user
 * with the session that passed the second factor and its token, and the otpauth URI.
 */
export async function enrolSecondFactor(app: FastifyInstance, u: TestUser): Promise<TestUser & { totpURI: string }> {
  const enable = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    headers: sameOrigin(app, { cookie: u.cookie }),
    payload: { password: u.password },
  });
  if (enable.statusCode !== 200) throw new Error(`two-factor enable failed: ${enable.statusCode} ${enable.body}`);
  const totpURI = enable.json().totpURI as string;
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    headers: sameOrigin(app, { cookie: u.cookie }),
    payload: { code: totpCode(totpURI) },
  });
  if (verify.statusCode !== 200) throw new Error(`two-factor verify failed: ${verify.statusCode} ${verify.body}`);
  const cookie = cookieHeader(verify.headers['set-cookie']);
  return { ...u, cookie, token: await syncToken(app, u.email, u.name, cookie), totpURI };
}
