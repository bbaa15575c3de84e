// RFC 3161 timestamps, without the transport: build a TimeStampReq, read the TSA's TimeStampResp,
// and check a stored TimeStampToken later. The caller posts the request bytes to its TSA
// (`application/timestamp-query`) and hands the answer back; nothing here does I/O.
import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { toPem } from './pem.ts';
import { chainsToAnchor } from './x509-chain.ts';

const SHA256_OID = '2.16.840.1.101.3.4.2.1';
const SIGNED_DATA_OID = '1.2.840.113549.1.7.2';
const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4';
const DATA_OID = '1.2.840.113549.1.7.1';
const TIME_STAMPING_EKU = '1.3.6.1.5.5.7.3.8';
const EXTENDED_KEY_USAGE_OID = '2.5.29.37';

/** What a seal keeps of a granted timestamp. */
export interface TimestampResult {
  /** Base64 (standard alphabet, padded) of the DER TimeStampToken (a CMS ContentInfo). */
  token: string;
  /** The TSA's genTime, ISO 8601. */
  genTime: string;
  /** The certificates the token carries, TSA certificate first, as PEM. */
  tsaCertificates: string[];
}

export interface TimestampRequest {
  /** DER of the TimeStampReq, to POST as `application/timestamp-query`. */
  der: Uint8Array;
  nonce: bigint;
  /** SHA-256 of the data: the message imprint. */
  digest: Buffer;
}

export class TimestampError extends Error {
  override name = 'TimestampError';
}

const arrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** A TimeStampReq for `data`: SHA-256 imprint, a random 64-bit nonce, certReq true, no policy. */
export function timestampRequest(data: Uint8Array): TimestampRequest {
  const digest = createHash('sha256').update(data).digest();
  const nonce = randomBytes(8).readBigUInt64BE(0);
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({
        algorithmId: SHA256_OID,
        algorithmParams: new asn1js.Null(),
      }),
      hashedMessage: new asn1js.OctetString({ valueHex: arrayBuffer(digest) }),
    }),
    nonce: asn1js.Integer.fromBigInt(nonce),
    certReq: true,
  });
  return { der: new Uint8Array(request.toSchema().toBER(false)), nonce, digest };
}

export interface TokenCheck {
  ok: boolean;
  reasons: string[];
  genTime?: Date;
  nonce?: bigint;
  policy?: string;
  /** The certificates the token carries, as PEM; the signer's first when it was found. */
  certificates: string[];
}

function parseToken(der: Uint8Array): { signedData: pkijs.SignedData; tstInfo: pkijs.TSTInfo } {
  const asn = asn1js.fromBER(arrayBuffer(der));
  if (asn.offset === -1) throw new TimestampError('The timestamp token is not DER.');
  const contentInfo = new pkijs.ContentInfo({ schema: asn.result });
  if (contentInfo.contentType !== SIGNED_DATA_OID)
    throw new TimestampError('The timestamp token is not CMS SignedData.');
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const content = signedData.encapContentInfo;
  if (content.eContentType !== TST_INFO_OID || !content.eContent) {
    throw new TimestampError('The timestamp token does not hold a TSTInfo.');
  }
  const tstInfo = pkijs.TSTInfo.fromBER(content.eContent.getValue());
  return { signedData, tstInfo };
}

function hasTimeStampingUsage(certificate: pkijs.Certificate): boolean {
  const extension = certificate.extensions?.find((e) => e.extnID === EXTENDED_KEY_USAGE_OID);
  const usages = (extension?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  return usages.includes(TIME_STAMPING_EKU);
}

const certificatePem = (certificate: pkijs.Certificate) =>
  toPem(new Uint8Array(certificate.toSchema().toBER(false)));

/**
 * Checks a TimeStampToken over `data`: the imprint is SHA-256 of `data`, the token's signature
 * verifies with the TSA certificate it carries, that certificate is for timestamping and was valid at
 * genTime, and, when `trustAnchors` are given, it chains to one of them (through the certificates
 * the token carries and `intermediates`). Never throws on bad input; answers reasons instead.
 */
export async function verifyTimestampToken(
  tokenDer: Uint8Array,
  data: Uint8Array,
  options: { trustAnchors?: readonly string[]; intermediates?: readonly string[] } = {},
): Promise<TokenCheck> {
  let parsed: { signedData: pkijs.SignedData; tstInfo: pkijs.TSTInfo };
  try {
    parsed = parseToken(tokenDer);
  } catch (error) {
    const reason = error instanceof TimestampError ? error.message : 'The timestamp token cannot be read.';
    return { ok: false, reasons: [reason], certificates: [] };
  }
  const { signedData, tstInfo } = parsed;
  const reasons: string[] = [];
  const genTime = tstInfo.genTime;
  const nonce = tstInfo.nonce?.toBigInt();
  const imprint = tstInfo.messageImprint;
  const digest = createHash('sha256').update(data).digest();
  if (imprint.hashAlgorithm.algorithmId !== SHA256_OID) {
    reasons.push('The timestamp imprint does not use SHA-256.');
  } else if (!digest.equals(Buffer.from(imprint.hashedMessage.valueBlock.valueHexView))) {
    reasons.push('The timestamp is over other data: its message imprint differs.');
  }
  const certificates = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  let signer: pkijs.Certificate | undefined;
  if (certificates.length === 0) {
    reasons.push('The timestamp token carries no TSA certificate, so its signature cannot be checked.');
  } else {
    try {
      // pkijs folds the imprint check into the signature check when the content is a TSTInfo; the
      // imprint is checked above, so the signature is checked on its own over the content as it is.
      signedData.encapContentInfo.eContentType = DATA_OID;
      const result = await signedData.verify({ signer: 0, checkChain: false, extendedMode: true });
      signer = result.signerCertificate ?? undefined;
      if (!result.signatureVerified) reasons.push('The timestamp token signature does not verify.');
    } catch (error) {
      const result = error as { signerCertificate?: pkijs.Certificate | null };
      signer = result.signerCertificate ?? undefined;
      reasons.push(
        signer
          ? 'The timestamp token signature does not verify.'
          : 'The timestamp token does not carry the certificate of its signer.',
      );
    }
  }
  const pems = certificates.map(certificatePem);
  if (signer) {
    const signerPem = certificatePem(signer);
    const at = pems.indexOf(signerPem);
    if (at >= 0) pems.splice(at, 1);
    pems.unshift(signerPem);
    if (!hasTimeStampingUsage(signer))
      reasons.push('The TSA certificate is not for timestamping (extended key usage).');
    const from = signer.notBefore.value.getTime();
    const to = signer.notAfter.value.getTime();
    if (genTime.getTime() < from || genTime.getTime() > to) {
      reasons.push('The TSA certificate was not valid when the timestamp was made.');
    }
    if (options.trustAnchors) {
      const chain = await chainsToAnchor(signerPem, {
        intermediates: [...pems.slice(1), ...(options.intermediates ?? [])],
        anchors: options.trustAnchors,
        at: genTime,
      });
      if (!chain.ok) reasons.push(`The TSA certificate is not trusted: ${chain.reason}.`);
    }
  }
  return {
    ok: reasons.length === 0,
    reasons,
    genTime,
    ...(nonce === undefined ? {} : { nonce }),
    policy: tstInfo.policy,
    certificates: pems,
  };
}

/**
 * Reads the TSA's answer to `request` for `data`: status granted, a token whose imprint and nonce
 * match the request and whose signature verifies. Throws TimestampError saying what is wrong.
 */
export async function readTimestampResponse(
  responseDer: Uint8Array,
  expected: {
    data: Uint8Array;
    nonce?: bigint;
    trustAnchors?: readonly string[];
    intermediates?: readonly string[];
  },
): Promise<TimestampResult> {
  let response: pkijs.TimeStampResp;
  let tokenDer: Uint8Array | undefined;
  try {
    response = pkijs.TimeStampResp.fromBER(arrayBuffer(responseDer));
    // The token's own bytes, not a re-encoding: they are what the TSA signed and what is kept.
    const outer = asn1js.fromBER(arrayBuffer(responseDer)).result as asn1js.Sequence;
    const token = outer.valueBlock.value[1];
    if (token) tokenDer = new Uint8Array(token.valueBeforeDecodeView);
  } catch {
    throw new TimestampError('The TSA answer is not a TimeStampResp.');
  }
  const status = response.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    const text = response.status.statusStrings?.map((s) => s.valueBlock.value).join('; ');
    throw new TimestampError(`The TSA refused the request (status ${status}${text ? `: ${text}` : ''}).`);
  }
  if (!response.timeStampToken || !tokenDer)
    throw new TimestampError('The TSA granted the request but sent no token.');
  const { trustAnchors, intermediates } = expected;
  const check = await verifyTimestampToken(tokenDer, expected.data, {
    ...(trustAnchors ? { trustAnchors } : {}),
    ...(intermediates ? { intermediates } : {}),
  });
  if (expected.nonce !== undefined && check.nonce !== expected.nonce) {
    check.reasons.push('The timestamp nonce differs from the request nonce.');
  }
  if (check.reasons.length > 0 || !check.genTime) throw new TimestampError(check.reasons.join(' '));
  return {
    token: Buffer.from(tokenDer).toString('base64'),
    genTime: check.genTime.toISOString(),
    tsaCertificates: check.certificates,
  };
}

/** One round trip: build the request, let `post` carry it to the TSA, read and check the answer. */
export async function requestTimestamp(
  data: Uint8Array,
  post: (requestDer: Uint8Array) => Promise<Uint8Array>,
): Promise<TimestampResult> {
  const request = timestampRequest(data);
  const answer = await post(request.der);
  return readTimestampResponse(answer, { data, nonce: request.nonce });
}
