import { avatarUpload } from '../../../functions/core/accounts/avatar';
import { attachmentUpload as areaAttachmentUpload, documentUpload } from '../../../functions/core/buyer-area/area-files';
import { clientFileUpload } from '../../../functions/core/lots/client-files';
import { attachmentUpload as planningAttachmentUpload } from '../../../functions/core/plannings/planning-attachment';
import { logoUpload } from '../../../functions/core/programs/program-logo';
import { lambdaPayloadBytes } from '../../../infra/local/gateway-limits';
import { limitLabel, uploadLimits, uploadRefusal } from '../../../shared/domain/upload-limits';

const megabytes = (count: number) => Math.round(count * 1024 * 1024);

describe('upload limits, one definition for the browser and the server (part 1 §5)', () => {
  it('a 12 MB photo attached to a message is refused naming the file and the 4 Mo limit', () => {
    expect(uploadRefusal({ name: 'photo.jpg', size: megabytes(12), type: 'image/jpeg' }, uploadLimits.areaImage)).toBe(
      'photo.jpg dépasse 4 Mo : choisissez un fichier plus petit.',
    );
  });

  it('a file at the limit passes; one byte more is refused', () => {
    const limit = uploadLimits.areaImage;
    expect(uploadRefusal({ name: 'a.png', size: limit.maxBytes, type: 'image/png' }, limit)).toBeUndefined();
    expect(uploadRefusal({ name: 'a.png', size: limit.maxBytes + 1, type: 'image/png' }, limit)).toMatch(/^a\.png dépasse 4 Mo/);
  });

  it('a type the field refuses is named with the formats it takes; an empty file is refused', () => {
    expect(uploadRefusal({ name: 'plan.gif', size: 10, type: 'image/gif' }, uploadLimits.areaImage)).toBe(
      "plan.gif n'est pas dans un format accepté (png, jpg ou jpeg) : choisissez un autre fichier.",
    );
    expect(uploadRefusal({ name: 'vide.png', size: 0, type: 'image/png' }, uploadLimits.areaImage)).toBe('vide.png est vide : choisissez un autre fichier.');
  });

  it('a file the browser gives no type (an office file on Linux) is judged by its extension', () => {
    expect(uploadRefusal({ name: 'notice.docx', size: 1000, type: '' }, uploadLimits.areaDocument)).toBeUndefined();
    expect(uploadRefusal({ name: 'notice.exe', size: 1000, type: '' }, uploadLimits.areaDocument)).toMatch(/n'est pas dans un format accepté/);
  });

  it('each limit reads as written under its field', () => {
    expect([uploadLimits.logo, uploadLimits.areaImage, uploadLimits.planningAttachment, uploadLimits.clientFile].map(limitLabel)).toEqual([
      '2 Mo',
      '4 Mo',
      '10 Mo',
      '20 Mo',
    ]);
  });

  it('the server applies the same limits as the browser', () => {
    expect(avatarUpload).toMatchObject({ maxBytes: uploadLimits.logo.maxBytes, types: uploadLimits.logo.types });
    expect(logoUpload).toMatchObject({ maxBytes: uploadLimits.logo.maxBytes, types: uploadLimits.logo.types });
    expect(areaAttachmentUpload).toMatchObject({ maxBytes: uploadLimits.areaImage.maxBytes, types: uploadLimits.areaImage.types });
    expect(documentUpload).toMatchObject({ maxBytes: uploadLimits.areaDocument.maxBytes, types: uploadLimits.areaDocument.types });
    expect(planningAttachmentUpload).toMatchObject({ maxBytes: uploadLimits.planningAttachment.maxBytes, types: uploadLimits.planningAttachment.types });
    expect(clientFileUpload).toMatchObject({ maxBytes: uploadLimits.clientFile.maxBytes, types: uploadLimits.clientFile.types });
  });

  it('a file sent in a form fits in a Lambda payload once base64-encoded; a larger one goes by signed upload', () => {
    // A multipart body: the file in base64 (4 bytes per 3) plus its part headers and the other fields.
    const envelope = 64 * 1024;
    for (const [name, limit] of Object.entries(uploadLimits)) {
      const fits = Math.ceil(limit.maxBytes / 3) * 4 + envelope <= lambdaPayloadBytes;
      if (limit.transport === 'form') expect({ name, fits }).toEqual({ name, fits: true });
    }
    expect(uploadLimits.planningAttachment.transport).toBe('signed');
    expect(uploadLimits.clientFile.transport).toBe('signed');
  });
});
