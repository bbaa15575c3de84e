// The IETF Token Status List check of a presented credential: the list is fetched through the
// webhooks' SSRF guard (https, public addresses only; CREDENTIAL_STATUS_ALLOW_INSECURE lifts that for
// tests), its JWT must verify with the same trusted issuer's key, and the credential's entry must be
// 0 (VALID). Unreachable, unsigned or malformed lists refuse the presentation. Apart from service.ts:
// it only reads the network, never the store.
import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
import { sendGuarded } from '../webhooks/service.ts';
import { PresentationRefused } from './verify-presentation.ts';

const STATUS_TIMEOUT_MS = 5_000;

const denied = (description: string) =>
  new PresentationRefused({ error: 'access_denied', error_description: description });

export async function checkStatus(
  status: { uri: string; idx: number },
  verifyJwt: (jwt: string) => Promise<boolean>,
  allowInsecure: boolean,
): Promise<void> {
  const answer = await sendGuarded(
    status.uri,
    {
      method: 'GET',
      body: '',
      headers: { accept: 'application/statuslist+jwt' },
      userAgent: 'OpenDPP-Verifier/1',
      readBody: true,
    },
    { allowInsecure },
    STATUS_TIMEOUT_MS,
  );
  if (!answer.ok || answer.body === undefined)
    throw denied('status: the credential’s status list is unreachable');
  const jwt = answer.body.trim();
  if (!(await verifyJwt(jwt)))
    throw denied('status: the status list is not signed by the credential’s issuer');
  let value: number;
  try {
    value = getListFromStatusListJWT(jwt).getStatus(status.idx);
  } catch {
    throw denied('status: the status list does not hold the credential’s entry');
  }
  if (value !== 0) throw denied('status: the credential is revoked or suspended');
}
