import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { programQueries } from '../../api/program-queries';
import { readCurrentProgram, storeCurrentProgram } from '../../app/session-store';

/**
 * The program of a /projets/{programId}/… page (GET /programs/{id}). Once loaded it becomes the
 * current program, so the sidebar shows its sub-menu and the breadcrumbs its name, also when the
 * page was opened from a link rather than from the program list.
 */
export function useProgram() {
  const { programId = '' } = useParams();
  const program = useQuery(programQueries.detail(programId));
  const loaded = program.data;
  useEffect(() => {
    if (!loaded) return;
    const current = readCurrentProgram();
    if (current?.id !== loaded._id || current.name !== loaded.name) storeCurrentProgram({ _id: loaded._id, name: loaded.name });
  }, [loaded]);
  return { programId, program };
}
