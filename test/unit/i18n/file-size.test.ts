import { formatFileSize } from '../../../shared/i18n/file-size';

describe('file sizes (part 1 §2: French, « 7,07 Ko », not 7.07 KB)', () => {
  it('a size reads with a decimal comma and French units', () => {
    expect(formatFileSize(7070)).toBe('7,07 Ko');
    expect(formatFileSize(1_500_000)).toBe('1,5 Mo');
    expect(formatFileSize(512)).toBe('512 octets');
    expect(formatFileSize(2_000_000_000)).toBe('2 Go');
  });
});
