// PEM text (RFC 7468) of DER bytes and back: base64 in lines of 64 between BEGIN/END labels.

export function toPem(der: Uint8Array, label = 'CERTIFICATE'): string {
  const base64 = Buffer.from(der).toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** Every PEM block of a text with the given label, as DER, in order. */
export function pemBlocks(text: string, label = 'CERTIFICATE'): Buffer[] {
  const out: Buffer[] = [];
  for (const match of text.matchAll(BLOCK)) {
    if (match[1] === label) out.push(Buffer.from((match[2] as string).replace(/\s+/g, ''), 'base64'));
  }
  return out;
}
