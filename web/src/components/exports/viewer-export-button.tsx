import { isStaff } from '../../../../shared/domain/roles';
import type { PublicPlanning } from '../../../../shared/domain/public-planning';
import { publicPrintFormat } from '../../../../shared/exports/print-spec';
import { useSession } from '../../app/session-store';
import { ExportButton } from './export-button';

export interface ViewerExportButtonProps {
  plannings: readonly PublicPlanning[];
  amoNb: number | null;
  showFreeMeetings: boolean;
}

/**
 * The viewer's PDF export (part 2 §2.9 'PDF export'), for every reader of the link: the same path
 * as the planning page's export (GET /rdv/{spec}/print → the renderer's Chromium → a signed link to
 * the stored PDF). Without a staff session the PDF carries the viewer's own titles (lot and
 * typology, publicPrintFormat), which the server enforces; staff choose any title format. The
 * view's AMO and RDV Libre switch are the modal's defaults; a group prints in the layout lotTypo.
 */
export function ViewerExportButton({ plannings, amoNb, showFreeMeetings }: ViewerExportButtonProps) {
  const { role } = useSession();
  if (plannings.length === 0) return null;
  const single = plannings.length === 1;
  // The modal lists AMOs by index; the viewer's list carries each one's index.
  const listed = single ? plannings[0].amos : [];
  const amos = Array.from(
    { length: listed.length === 0 ? 0 : Math.max(...listed.map((amo) => amo.amoNb)) + 1 },
    (_, nb) => listed.find((amo) => amo.amoNb === nb)?.name ?? `AMO ${nb + 1}`,
  );
  return (
    <ExportButton
      target={{ ids: [], uuids: plannings.map((planning) => planning.uuid), amoCount: amos.length }}
      fileTypes={['pdf']}
      amos={amos}
      initial={{ format: publicPrintFormat, amo: amoNb ?? 'all', showFreeMeetings, view: single ? 'week' : 'month' }}
      formats={isStaff(role) ? undefined : [publicPrintFormat]}
    />
  );
}
