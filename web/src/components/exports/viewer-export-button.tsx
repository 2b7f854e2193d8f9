import { isStaff } from '../../../../shared/domain/roles';
import type { PublicPlanning } from '../../../../shared/domain/public-planning';
import { useSession } from '../../app/session-store';
import { ExportButton } from './export-button';

export interface ViewerExportButtonProps {
  plannings: readonly PublicPlanning[];
  amoNb: number | null;
  showFreeMeetings: boolean;
}

/**
 * The viewer's PDF export (part 2 §2.9 'PDF export'), offered to signed-in staff: the renderer
 * prints for the planning's staff only (GET /rdv/{spec}/print checks the program), so an anonymous
 * reader of the link does not get a button that could only fail. The view's AMO and RDV Libre
 * switch are the modal's defaults; a group prints in the consolidated layout lotTypo.
 */
export function ViewerExportButton({ plannings, amoNb, showFreeMeetings }: ViewerExportButtonProps) {
  const { role } = useSession();
  if (!isStaff(role) || plannings.length === 0) return null;
  const single = plannings.length === 1;
  // The modal lists AMOs by index; the viewer's list carries each one's index.
  const listed = single ? plannings[0].amos : [];
  const amos = Array.from({ length: listed.length === 0 ? 0 : Math.max(...listed.map((amo) => amo.amoNb)) + 1 }, (_, nb) => listed.find((amo) => amo.amoNb === nb)?.name ?? `AMO ${nb + 1}`);
  return (
    <ExportButton
      target={{ ids: [], uuids: plannings.map((planning) => planning.uuid), amoCount: amos.length }}
      fileTypes={['pdf']}
      amos={amos}
      initial={{ format: 'lotTypo', amo: amoNb ?? 'all', showFreeMeetings, view: single ? 'week' : 'month' }}
    />
  );
}
