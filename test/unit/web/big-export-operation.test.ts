import { exportAnswerSchema } from '../../../web/src/api/export-queries';
import { defaultExportOptions, exportFiles, exportMayBeOperation, exportOperationScope } from '../../../web/src/components/exports/export-config';

const target = { ids: ['p1'], uuids: ['u1-uuid-long'], amoCount: 3 };
const operation = {
  id: 'op1',
  kind: 'planning-export',
  status: 'running',
  programId: 'prog',
  planningId: 'p1',
  step: 'Préparation du PDF…',
  progress: { done: 0, total: 600 },
  createdAt: '2026-11-29T02:00:00.000Z',
  updatedAt: '2026-11-29T02:00:00.000Z',
};

describe('exports of big plannings are operations the export button follows (docs/architecture.md « Exports of big plannings »)', () => {
  it('an export answers its link at once, or above 150 buyers the operation that makes the file', () => {
    const link = { url: 'http://localhost/f', filename: 'planning.pdf', expiresAt: '2026-11-29T02:05:00.000Z' };
    expect(exportAnswerSchema.parse(link)).toEqual(link);
    const started = exportAnswerSchema.safeParse({ message: 'Le fichier est en préparation', operation });
    if (started.success && 'operation' in started.data) expect(started.data.operation.id).toBe('op1');
    else throw new Error(`202 answer not read as an operation: ${JSON.stringify(started)}`);
  });

  it("the operation is followed under the planning's scope, so a reload of its page finds it", () => {
    expect(exportOperationScope(target)).toBe('planning-export:p1');
    expect(exportOperationScope({ ids: ['p1', 'p2'] })).toBe('planning-export:p1,p2');
  });

  it('one PDF or the spreadsheet may be an operation; a calendar and one PDF per AMO are asked for file by file', () => {
    const mayBe = (options: Partial<typeof defaultExportOptions>) => {
      const chosen = { ...defaultExportOptions, ...options };
      return exportMayBeOperation(exportFiles(target, chosen), chosen);
    };
    expect(mayBe({ fileType: 'pdf' })).toBe(true);
    expect(mayBe({ fileType: 'pdf', amo: 1 })).toBe(true);
    expect(mayBe({ fileType: 'xlsx' })).toBe(true);
    expect(mayBe({ fileType: 'ics' })).toBe(false);
    expect(mayBe({ fileType: 'pdf', amo: 'each' })).toBe(false);
  });
});
