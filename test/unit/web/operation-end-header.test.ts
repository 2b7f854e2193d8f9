import { operationEndHeader } from '../../../web/src/components/operations/operation-end-header';

describe('an ended operation is named in French that agrees with its screen’s title (docs/architecture.md « Operations »)', () => {
  it('a masculine title reads « Export du planning : opération terminée », never « Export du planning : terminée »', () => {
    expect(operationEndHeader('Export du planning', 'done')).toBe('Export du planning : opération terminée');
    expect(operationEndHeader('Import des lots', 'done')).not.toMatch(/: terminée$/);
  });

  it('a failure reads « Décalage des journées : échec »', () => {
    expect(operationEndHeader('Décalage des journées', 'failed')).toBe('Décalage des journées : échec');
  });
});
