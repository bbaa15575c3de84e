// The SSRF guard. A webhook URL must be https (http only with WEBHOOK_ALLOW_INSECURE_TARGETS), carry
// no credentials, and its host must resolve only to public addresses. It is checked when a
// subscription is registered or changed (where a host that does not resolve yet is kept, see
// webhooks/service.ts), and again on every delivery: the connection uses the
// addresses this lookup judged, so a DNS answer that changes between the check and the connect
// cannot point it elsewhere.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { addressRefusal } from '../../domain/webhooks/addresses.ts';

export interface TargetPolicy {
  /** WEBHOOK_ALLOW_INSECURE_TARGETS: http:// and private addresses allowed (development, tests). */
  allowInsecure: boolean;
}

export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

/** The host does not resolve now: a refusal for a delivery, only a warning for a webhook's registration. */
export class HostUnresolved extends TargetRefused {
  override name = 'HostUnresolved';
}

/** The URL's shape: scheme, no credentials, no fragment. Throws TargetRefused. */
export function checkUrlShape(raw: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('url must be an absolute URL');
  }
  const schemes = policy.allowInsecure ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new TargetRefused('url must use https');
  if (url.username !== '' || url.password !== '') throw new TargetRefused('url must not carry credentials');
  if (url.hash !== '') throw new TargetRefused('url must not carry a fragment');
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });
}

/** Every address the host resolves to, refused when any of them is forbidden. */
export async function allowedAddresses(host: string, policy: TargetPolicy): Promise<LookupAddress[]> {
  const family = isIP(host);
  let addresses: LookupAddress[];
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await resolveAll(host);
    } catch {
      throw new HostUnresolved(`the host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new HostUnresolved(`the host ${host} does not resolve`);
  if (!policy.allowInsecure) {
    for (const { address } of addresses) {
      const reason = addressRefusal(address);
      if (reason !== null)
        throw new TargetRefused(`the host ${host} resolves to ${address}, which is not public: ${reason}`);
    }
  }
  return addresses;
}

/** The whole check of a target URL, as registration runs it. */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<URL> {
  const url = checkUrlShape(raw, policy);
  await allowedAddresses(bareHost(url), policy);
  return url;
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http(s).request that answers only with addresses the guard allowed. */
export function guardedLookup(policy: TargetPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    allowedAddresses(hostname, policy).then(
      (addresses) => {
        const [first] = addresses;
        if (options.all) callback(null, addresses);
        else if (first) callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, ''),
    );
  };
}

export { bareHost };
