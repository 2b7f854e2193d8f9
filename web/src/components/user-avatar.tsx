import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { accountQueries } from '../api/account-queries';

export interface UserAvatarProps {
  userId: string;
  /** Whether the account has a picture: it is requested only then (a missing one would answer 404). */
  hasAvatar: boolean;
  firstname?: string;
  lastname?: string;
  /** Pixels. */
  size?: number;
  /** Shown instead of the stored picture (preview before upload). */
  previewFile?: File | null;
}

export function initialsOf(firstname = '', lastname = ''): string {
  return `${firstname.trim().charAt(0)}${lastname.trim().charAt(0)}`.toUpperCase() || '?';
}

/** Object URL for a blob, revoked when it changes or the component leaves. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return undefined;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** The user's picture (GET /users/{id}/avatar), or their initials when there is none. */
export function UserAvatar({ userId, hasAvatar, firstname, lastname, size = 96, previewFile }: UserAvatarProps) {
  const { data } = useQuery({ ...accountQueries.avatar(userId), enabled: hasAvatar });
  const url = useObjectUrl(previewFile ?? data);
  const style = {
    width: size,
    height: size,
    borderRadius: '50%',
    objectFit: 'cover' as const,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: 'rgb(67, 99, 134)',
    color: '#fff',
    fontSize: size / 2.6,
    fontWeight: 700,
  };
  if (url) return <img src={url} alt="Avatar" style={style} />;
  return (
    <div role="img" aria-label={`Initiales ${initialsOf(firstname, lastname)}`} style={style}>
      {initialsOf(firstname, lastname)}
    </div>
  );
}
