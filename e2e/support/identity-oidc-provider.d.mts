export declare const OIDC_CLIENT_ID: string;
export declare const OIDC_CLIENT_SECRET: string;
export declare function nameForLogin(login: string): string;
export interface LocalOidcProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}
export declare function startOidcProvider(opts: { shopUrl: string; port?: number }): Promise<LocalOidcProvider>;
