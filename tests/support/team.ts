/** A shop with a member (issue 67): the owner invites by mail, the person signs up and joins. */
import { ApiClient, uniqueEmail } from './http';
import { openShop } from './shop';
import { decodedMail, waitForMailWith } from './smtp';

/** The invitation's token in its mail. */
export function invitationTokenIn(mail: string): string {
  const match = /\/equipo\/unirse\?token=([A-Za-z0-9_-]+)/.exec(mail);
  if (!match) throw new Error(`no invitation link in mail:\n${mail.slice(0, 1500)}`);
  return match[1]!;
}

/** The invitation mail sent to `email`, and its token. */
export async function invitationFor(mailDir: string, email: string): Promise<string> {
  return invitationTokenIn(await waitForMailWith(mailDir, email, '/equipo/unirse', decodedMail));
}

/**
 * An owner with a shop and a product, and a person who joined it with `role` (and `permissions`):
 * each with their own credential.
 */
export async function teamShop(
  url: string,
  mailDir: string,
  role: 'ventas' | 'catalogo',
  permissions: string[] = [],
) {
  const api = new ApiClient(url);
  const owner = await api.register({ full_name: 'Rosa Muñoz Pérez' });
  const own = { token: owner.token };
  const { product } = await openShop(api, owner.token);
  const email = uniqueEmail('equipo');
  const invited = await api.post('/api/store/members/', { email, role, permissions }, own);
  if (invited.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`);
  const token = await invitationFor(mailDir, email);
  const member = await api.register({ email, full_name: 'Camila Rojas' });
  const as = { token: member.token };
  const joined = await api.post('/api/store/members/join/', { token }, as);
  if (joined.status !== 200) throw new Error(`join failed: ${JSON.stringify(joined.body)}`);
  return { api, owner, own, member, as, product, email, invitation: token };
}
