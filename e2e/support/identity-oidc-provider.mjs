// A local OpenID Connect provider (the `oidc-provider` package) standing in
// for Google in tests. Its built-in dev login page accepts any login and any
// password; the login becomes the account's e-mail address. A login that starts with "unverified" comes back
// with email_verified: false, as from a provider that has not checked the address.
import http from 'node:http';
import Provider from 'oidc-provider';

export const OIDC_CLIENT_ID = 'torque-throttle-shop';
export const OIDC_CLIENT_SECRET = 'local-oidc-secret-for-tests-only-0123456789';

/** Display name the provider reports for a login, e.g. "ada.lovelace@example.com" → "Ada Lovelace". */
export function nameForLogin(login) {
  const local = String(login).split('@')[0];
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

const emailForLogin = (login) => (String(login).includes('@') ? String(login).toLowerCase() : `${String(login).toLowerCase()}@example.com`);

/**
 * Starts the provider on 127.0.0.1 (port 0 = any free port) for the shop at
 * `shopUrl`. Returns its discovery URL, the client credentials and close().
 */
export async function startOidcProvider({ shopUrl, port = 0 }) {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${shopUrl}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: emailForLogin(id), email_verified: !/^unverified/i.test(String(id)), name: nameForLogin(id) };
        },
      };
    },
    cookies: { keys: ['local-oidc-cookie-key-for-tests-only'] },
    features: { devInteractions: { enabled: true } },
    // Tests never refresh tokens; keep the grants short-lived.
    ttl: { AccessToken: 600, AuthorizationCode: 120, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  });
  // The dev pages are plain HTTP on localhost: allow the insecure cookies there.
  provider.proxy = true;
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
