/**
 * A local OpenID Connect provider (the `oidc-provider` package) standing in for Google.
 * Its development login form accepts any login; the login becomes the account's email.
 */
import Provider from 'oidc-provider';

export interface TestOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidc(port: number, redirectUris: string[]): Promise<TestOidc> {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'impulsa-test';
  const clientSecret = 'impulsa-test-secret-impulsa-test-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['impulsa-test-cookie-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        async claims() {
          const email = sub.includes('@') ? sub.toLowerCase() : `${sub}@ejemplo.cl`;
          return {
            sub: `google-${email}`,
            email,
            email_verified: !email.startsWith('noverificado'),
            name: 'Persona de Prueba',
          };
        },
      };
    },
  });
  provider.proxy = false;
  const server = provider.listen(port);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
