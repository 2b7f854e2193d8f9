import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import ToggleButton from '@cloudscape-design/components/toggle-button';
import { useState } from 'react';
import {
  attendanceLabels,
  attendanceNoteMax,
  attendanceStatuses,
  type AttendanceMark,
  type AttendanceStatus,
  type DayVisit,
} from '../../../../shared/domain/attendance';
import { formatDateTime } from '../../components/format-date';
import { ReconveneForm } from './reconvene-form';
import { visitCardMessages } from '../../../../shared/messages/attendance';

const statusTypes: Record<AttendanceStatus, StatusIndicatorProps.Type> = { present: 'success', absent: 'error', rescheduled: 'warning' };

export interface VisitCardProps {
  visit: DayVisit;
  /** This device's mark not yet answered by the server: shown instead of the server's. */
  pending?: AttendanceMark;
  onMark: (status: AttendanceStatus, note: string | undefined) => void;
  /** Staff may invite a no-show again: a free planning's books again; an imposed one's gets the start chosen here. */
  onReinvite?: (when?: { date: string; time: string }) => void;
  reinviting?: boolean;
}

/** One visit of 'Ma journée': who, when, where, and one tap to mark it (docs/user-guide.md « Présences »). */
export function VisitCard({ visit, pending, onMark, onReinvite, reinviting }: VisitCardProps) {
  const [note, setNote] = useState(visit.attendanceNote ?? '');
  const [noteOpen, setNoteOpen] = useState(false);
  const [reconveneOpen, setReconveneOpen] = useState(false);
  const status = pending?.status ?? visit.attendance;
  const trimmed = note.trim() || undefined;
  const title = `${formatDateTime(visit.start, 'HH:mm')} – ${formatDateTime(visit.end, 'HH:mm')} · ${visit.lotcomm} · ${visit.nom}`;
  return (
    <Container
      header={
        <Header variant="h2" description={`${visit.planningName} · ${visit.programName}${visit.amoName ? ` · ${visit.amoName}` : ''}`}>
          {title}
        </Header>
      }
    >
      <SpaceBetween size="s">
        <SpaceBetween direction="horizontal" size="s">
          {status ? (
            <StatusIndicator type={statusTypes[status]}>{attendanceLabels[status]}</StatusIndicator>
          ) : (
            <StatusIndicator type="pending">{visitCardMessages.notMarked}</StatusIndicator>
          )}
          {pending ? <StatusIndicator type="in-progress">{visitCardMessages.waitingToSend}</StatusIndicator> : null}
          {!pending && visit.attendanceBy ? <Box variant="small">{visitCardMessages.markedBy(visit.attendanceBy)}</Box> : null}
        </SpaceBetween>
        <SpaceBetween direction="horizontal" size="xs">
          {attendanceStatuses.map((candidate) => (
            <ToggleButton
              key={candidate}
              pressed={status === candidate}
              ariaLabel={`${attendanceLabels[candidate]} : ${visit.lotcomm} ${visit.nom}`}
              onChange={() => onMark(candidate, trimmed)}
            >
              {attendanceLabels[candidate]}
            </ToggleButton>
          ))}
        </SpaceBetween>
        <SpaceBetween direction="horizontal" size="xs">
          {visit.telephone ? <Link href={`tel:${visit.telephone.replace(/\s/g, '')}`}>{visitCardMessages.call(visit.telephone)}</Link> : null}
          <Button variant="inline-link" onClick={() => setNoteOpen((open) => !open)} ariaExpanded={noteOpen}>
            {noteOpen ? visitCardMessages.hideNote : visit.attendanceNote ? visitCardMessages.editNote : visitCardMessages.addNote}
          </Button>
          {onReinvite && status === 'absent' && !pending ? (
            <Button
              variant="inline-link"
              onClick={() => (visit.imposed ? setReconveneOpen((open) => !open) : onReinvite())}
              loading={reinviting && !visit.imposed}
              ariaExpanded={visit.imposed ? reconveneOpen : undefined}
            >
              {visit.imposed ? visitCardMessages.reconvene : visitCardMessages.reinvite}
            </Button>
          ) : null}
        </SpaceBetween>
        {onReinvite && visit.imposed && reconveneOpen && status === 'absent' && !pending ? (
          <ReconveneForm lengthMs={Date.parse(visit.end) - Date.parse(visit.start)} sending={reinviting} onSend={onReinvite} />
        ) : null}
        {visit.attendanceNote && !noteOpen ? <Box variant="p">{visitCardMessages.note(visit.attendanceNote)}</Box> : null}
        {noteOpen ? (
          <FormField
            label={visitCardMessages.noteLabel}
            description={visitCardMessages.noteHelp}
            constraintText={visitCardMessages.noteLength(note.length, attendanceNoteMax)}
          >
            <SpaceBetween size="xs">
              <Textarea value={note} onChange={({ detail }) => setNote(detail.value.slice(0, attendanceNoteMax))} rows={2} />
              <Button disabled={!status} onClick={() => status && onMark(status, trimmed)}>
                {visitCardMessages.saveNote}
              </Button>
            </SpaceBetween>
          </FormField>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}
