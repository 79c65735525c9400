// Outside services for the browser tests, started by e2e/start-server.mjs
// before the shop (Better Auth runs OpenID discovery when it starts).
import { startOidcProvider } from './identity-oidc-provider.mjs';

/** Starts a local OpenID provider standing in for Google; returns the env the shop needs to use it. */
export async function startServices({ port }) {
  const oidc = await startOidcProvider({ shopUrl: `http://localhost:${port}` });
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => void oidc.close());
  return {
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  };
}
