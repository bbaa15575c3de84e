import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { withDeclaredSizes } from '../../../test/helpers/xlsx-files.ts';
import { xlsxParts } from './xlsx-entries.ts';

const limits = { columns: 30, rows: 201, cellBytes: 64 * 1024, unpackedBytes: 1024 * 1024 };

async function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A zip of one deflated entry whose bytes are `data` (deflate or not), declaring `declared` bytes inflated. */
function handMadeZip(name: string, data: Buffer, declared: number): Buffer {
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(file.length, 28);
  const directoryAt = local.length + file.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

describe('the parts of an uploaded XLSX', () => {
  it('takes out the parts the reader needs and leaves the others packed', async () => {
    const zip = await zipOf({
      'xl/workbook.xml': Buffer.from('<workbook/>'),
      'xl/worksheets/sheet1.xml': Buffer.from('<worksheet><sheetData/></worksheet>'),
      'xl/media/image1.png': Buffer.alloc(2 * 1024 * 1024),
    });
    const taken = await xlsxParts(zip, limits);
    expect('parts' in taken && [...taken.parts.keys()].sort()).toEqual([
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
  });

  it('refuses by the declared sizes before inflating a byte', async () => {
    // The data is no deflate stream at all: reading it would make the file unreadable, so a
    // refusal for its size shows that nothing was inflated.
    const zip = handMadeZip('xl/worksheets/sheet1.xml', Buffer.from('not deflate data'), 300 * 1024 * 1024);
    expect(await xlsxParts(zip, limits)).toEqual({ refused: { kind: 'unpacked' } });
  });

  it('counts what the parts really inflate to when the directory understates it', async () => {
    const sheet = Buffer.from(
      `<worksheet><sheetData>${'<row r="1"/>'.repeat(200_000)}</sheetData></worksheet>`,
    );
    const zip = withDeclaredSizes(await zipOf({ 'xl/worksheets/sheet1.xml': sheet }), 100);
    expect(await xlsxParts(zip, limits)).toEqual({ refused: { kind: 'unpacked' } });
  });

  it('calls a file that is no zip, or a part that does not inflate, unreadable', async () => {
    expect(await xlsxParts(Buffer.from('PK not a zip'), limits)).toEqual({ refused: { kind: 'unreadable' } });
    const broken = handMadeZip('xl/workbook.xml', Buffer.from('not deflate data'), 100);
    expect(await xlsxParts(broken, limits)).toEqual({ refused: { kind: 'unreadable' } });
    const honest = deflateRawSync(Buffer.from('<workbook/>'));
    expect(await xlsxParts(handMadeZip('xl/workbook.xml', honest, 11), limits)).toMatchObject({
      parts: expect.any(Map),
    });
  });
});
