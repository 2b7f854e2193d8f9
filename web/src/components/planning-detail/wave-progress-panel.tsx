import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { waveFinalText, waveLabels, waveProgressText, type WaveView } from '../../../../shared/domain/send-wave';
import { formatParisDateTime } from '../../../../shared/i18n/paris-dates';
import { sendQuotaMessages } from '../../../../shared/messages/send-quotas';
import { waveQueries } from '../../api/wave-queries';
import { waveProgressMessages } from '../../../../shared/messages/planning-dialogs';

const hiddenKey = 'livrea.hiddenWaves';

/** The waves staff closed ('Masquer'), remembered in this browser so that a reload keeps them closed. */
function useHiddenWaves(): [string[], (waveId: string) => void] {
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(hiddenKey) ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  const hide = (waveId: string) => {
    const next = [...hidden, waveId].slice(-50);
    setHidden(next);
    localStorage.setItem(hiddenKey, JSON.stringify(next));
  };
  return [hidden, hide];
}

function WaveProgress({ wave, onHide }: { wave: WaveView; onHide: () => void }) {
  const settled = wave.sent + wave.failed + wave.skipped;
  return (
    <SpaceBetween size="xs">
      <ProgressBar
        label={waveLabels[wave.kind]}
        description={waveProgressMessages.startedOn(formatParisDateTime(wave.createdAt))}
        value={wave.total === 0 ? 100 : Math.round((100 * settled) / wave.total)}
        additionalInfo={wave.done ? undefined : waveProgressText(wave)}
        status={wave.done ? (wave.failed > 0 || wave.refused ? 'error' : 'success') : 'in-progress'}
        resultText={wave.refused ?? waveFinalText(wave)}
        resultButtonText={waveProgressMessages.hide}
        onResultButtonClick={onHide}
      />
      {wave.pause && (
        // Its sends wait for a quota and resume by themselves (docs/deploy.md « Sending quotas »): not a failure.
        // Not a StatusIndicator: its text breaks anywhere in a word (« r / eprise » at 390 px); this wraps between words.
        <Box data-testid="wave-pause" color="text-status-inactive">
          <Icon name="status-pending" /> {sendQuotaMessages.paused[wave.pause.reason](wave.pause.until)}
        </Box>
      )}
      {wave.done && wave.failures.length > 0 && (
        <Box variant="div" data-testid="wave-failures">
          <Box variant="h3">{waveProgressMessages.notSent}</Box>
          <ul>
            {wave.failures.map((failure) => (
              <li key={failure.target}>
                {failure.label} : {failure.reason}
              </li>
            ))}
          </ul>
        </Box>
      )}
    </SpaceBetween>
  );
}

/**
 * The planning's bulk sends (invitations, relances, rappels, cancellations, custom mails, visit
 * links, shares): a progress bar per send ('12 / 340 envoyés') read every second while it runs,
 * with why it pauses when its sends wait for a quota, then its final count with the buyers not reached. Found again after a reload (GET /rdv/{id}/waves).
 */
export function WaveProgressPanel({ planningId }: { planningId: string }) {
  const waves = useQuery(waveQueries.planning(planningId));
  const [hidden, hide] = useHiddenWaves();
  const shown = (waves.data ?? []).filter((wave) => !hidden.includes(wave.waveId));
  if (shown.length === 0) return null;
  return (
    <Container header={<Header variant="h2">{waveProgressMessages.title}</Header>}>
      <SpaceBetween size="l">
        {shown.map((wave) => (
          <WaveProgress key={wave.waveId} wave={wave} onHide={() => hide(wave.waveId)} />
        ))}
      </SpaceBetween>
    </Container>
  );
}
