import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { visitCardMessages } from '../../../../shared/messages/attendance';
import { dateTimeError } from '../../components/planning-detail/booking-fields';
import { DateTimeField } from '../../components/planning-detail/date-time-field';

export interface ReconveneFormProps {
  /** The visit's length, which the new start keeps. */
  lengthMs: number;
  sending?: boolean;
  onSend: (when: { date: string; time: string }) => void;
}

/**
 * An imposed planning's no-show convened again (docs/user-guide.md « Présences »): staff choose the new start;
 * the buyer gets a new convocation to confirm. A start closer than the program's notice rule is
 * confirmed in the notice warning first.
 */
export function ReconveneForm({ lengthMs, sending, onSend }: ReconveneFormProps) {
  const [when, setWhen] = useState({ date: '', time: '' });
  const [submitted, setSubmitted] = useState(false);
  const error = dateTimeError(when, lengthMs);
  return (
    <SpaceBetween size="xs">
      <DateTimeField
        label={visitCardMessages.newConvocation}
        description={visitCardMessages.newConvocationHelp}
        date={when.date}
        time={when.time}
        stepMin={15}
        error={submitted ? error : undefined}
        onChange={setWhen}
      />
      <Button
        loading={sending}
        onClick={() => {
          setSubmitted(true);
          if (!error) onSend(when);
        }}
      >
        {visitCardMessages.sendConvocation}
      </Button>
    </SpaceBetween>
  );
}
