// A certificate path from a leaf to one of a set of trust anchors, through the intermediates given:
// issuer names, signatures, CA flags and validity at one instant. Used for TSA certificates, whose
// chains come with the timestamp; no revocation data is consulted (none travels with a seal).
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { pemBlocks } from './pem.ts';

const MAX_DEPTH = 8;

function read(certificate: string | Uint8Array): x509.X509Certificate | null {
  try {
    return new x509.X509Certificate(typeof certificate === 'string' ? certificate : Buffer.from(certificate));
  } catch {
    return null;
  }
}

/** Every readable certificate of the inputs; a PEM text may hold several. */
function readAll(inputs: readonly (string | Uint8Array)[]): x509.X509Certificate[] {
  const ders = inputs.flatMap((input) => (typeof input === 'string' ? pemBlocks(input) : [input]));
  return ders.map(read).filter((c): c is x509.X509Certificate => c !== null);
}

const validAt = (certificate: x509.X509Certificate, at: Date) =>
  certificate.notBefore.getTime() <= at.getTime() && at.getTime() <= certificate.notAfter.getTime();

const isCa = (certificate: x509.X509Certificate) =>
  certificate.getExtension(x509.BasicConstraintsExtension)?.ca === true;

async function signedBy(child: x509.X509Certificate, issuer: x509.X509Certificate): Promise<boolean> {
  if (child.issuer !== issuer.subject) return false;
  return child.verify({ publicKey: issuer.publicKey, signatureOnly: true }).catch(() => false);
}

/**
 * Whether `leaf` chains to one of `anchors` at instant `at`. Anchors are trusted as given (their own
 * signature is not checked); every other certificate on the path must be valid at `at`, and every
 * issuer must be a CA. Answers a reason when it does not.
 */
export async function chainsToAnchor(
  leaf: string | Uint8Array,
  options: {
    intermediates?: readonly (string | Uint8Array)[];
    anchors: readonly (string | Uint8Array)[];
    at: Date;
  },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  let current = read(leaf);
  if (!current) return { ok: false, reason: 'the certificate is not readable' };
  const anchors = readAll(options.anchors);
  const intermediates = readAll(options.intermediates ?? []);
  if (anchors.length === 0) return { ok: false, reason: 'no readable trust anchor was given' };
  const used = new Set<string>();
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (!validAt(current, options.at)) {
      return { ok: false, reason: `"${current.subject}" was not valid at ${options.at.toISOString()}` };
    }
    for (const anchor of anchors) {
      if (current.equal(anchor)) return { ok: true };
      if (isCa(anchor) && validAt(anchor, options.at) && (await signedBy(current, anchor)))
        return { ok: true };
    }
    used.add(current.serialNumber + current.subject);
    let next: x509.X509Certificate | undefined;
    for (const candidate of intermediates) {
      if (used.has(candidate.serialNumber + candidate.subject) || !isCa(candidate)) continue;
      if (await signedBy(current, candidate)) {
        next = candidate;
        break;
      }
    }
    if (!next) return { ok: false, reason: `no trusted issuer was found for "${current.subject}"` };
    current = next;
  }
  return { ok: false, reason: 'the certificate path is too long' };
}
