import { deflateRawSync } from 'node:zlib';

interface ZipSpec {
  name: string;
  data: Buffer;
  /** What the central directory claims once inflated (a lying archive declares less than data). */
  declaredSize?: number;
}

/** A deflated zip written byte by byte, so tests can build bombs and lying archives that no library would write. */
function buildZip(specs: ZipSpec[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const spec of specs) {
    const name = Buffer.from(spec.name);
    const compressed = deflateRawSync(spec.data, { level: 9 });
    const size = spec.declaredSize ?? spec.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    directory.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(specs.length, 8);
  end.writeUInt16LE(specs.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const workbookXml =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="clients" sheetId="1" r:id="rId1"/></sheets></workbook>';
const relsXml =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/** An .xlsx with one sheet 'clients' whose XML is given as is (a bomb is a sheet of millions of empty rows). */
export function xlsxWithSheet(sheetXml: Buffer, declaredSize?: number): Buffer {
  return buildZip([
    { name: 'xl/workbook.xml', data: Buffer.from(workbookXml) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(relsXml) },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml, declaredSize },
  ]);
}

/** The first bytes of an OLE2 compound file: what an .xls starts with. */
export const oleHeader = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
