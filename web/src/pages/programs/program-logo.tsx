import { useQuery } from '@tanstack/react-query';
import { programQueries } from '../../api/program-queries';
import { useObjectUrl } from '../../components/user-avatar';
import { programSettingsMessages } from '../../../../shared/messages/program-pages';

export interface ProgramLogoProps {
  programId: string;
  name: string;
  /** Whether the program has a logo: it is requested only then (a missing one would answer 404). */
  hasLogo: boolean;
  /** The primary colour, behind the initial when there is no logo. */
  color?: string;
  size?: number;
  /** Shown instead of the stored logo (preview before upload). */
  previewFile?: File | null;
}

/** The program's logo (GET /programs/{id}/avatar), or its initial on the primary colour. */
export function ProgramLogo({ programId, name, hasLogo, color = 'rgb(67, 99, 134)', size = 96, previewFile }: ProgramLogoProps) {
  const { data } = useQuery({ ...programQueries.logo(programId), enabled: hasLogo });
  const url = useObjectUrl(previewFile ?? data);
  const box = { width: size, height: size, borderRadius: 8, border: '1px solid #e9ebed', boxSizing: 'border-box' as const };
  if (url) return <img src={url} alt={`Logo de ${name}`} style={{ ...box, objectFit: 'contain', background: '#fff' }} />;
  return (
    <div
      role="img"
      aria-label={programSettingsMessages.noLogo(name)}
      style={{
        ...box,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: color,
        color: '#fff',
        fontSize: size / 2.4,
        fontWeight: 700,
      }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </div>
  );
}
