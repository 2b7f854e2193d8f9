import Button from '@cloudscape-design/components/button';
import Calendar from '@cloudscape-design/components/calendar';
import Input from '@cloudscape-design/components/input';
import { useEffect, useRef, useState } from 'react';
import { formatFrenchDay, parseFrenchDateInput, toFrenchDateInput } from '../../../shared/i18n/french-dates';
import { dateInputMessages } from '../../../shared/messages/controls';
import { fieldLabels } from '../../../shared/messages/field-labels';

export interface FrenchDateInputProps {
  /** The chosen day, 'YYYY-MM-DD', or '' when none. */
  value: string;
  /** Called with 'YYYY-MM-DD', or '' while what is typed is not (yet) a real day. */
  onChange: (day: string) => void;
  ariaLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
  isDateEnabled?: (date: Date) => boolean;
}

const calendarStrings = {
  todayAriaLabel: dateInputMessages.today,
  nextMonthAriaLabel: dateInputMessages.nextMonth,
  previousMonthAriaLabel: dateInputMessages.previousMonth,
};

/**
 * The date field of every staff screen. Cloudscape's DatePicker only types
 * 'AAAA/MM/JJ' or ISO; French users type JJ/MM/AAAA, so this is a text field in that order with a
 * French calendar beside it. It gives and takes the API's 'YYYY-MM-DD'.
 */
export function FrenchDateInput({ value, onChange, ariaLabel, invalid, disabled, isDateEnabled }: FrenchDateInputProps) {
  const [text, setText] = useState(() => toFrenchDateInput(value));
  const [shownValue, setShownValue] = useState(value);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  // A value set from outside (a default, a reset after « Ajouter ») replaces what is typed.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== (parseFrenchDateInput(text) ?? '')) setText(toFrenchDateInput(value));
  }

  const typed = (next: string) => {
    setText(next);
    const day = parseFrenchDateInput(next) ?? '';
    setShownValue(day);
    if (day !== value) onChange(day);
  };

  // The calendar closes on Escape and on a click outside it, like a menu.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => root.current && !root.current.contains(event.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const label = ariaLabel ?? fieldLabels.date;
  return (
    <div ref={root} style={{ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <div style={{ width: '9.5em' }}>
        <Input
          value={text}
          placeholder={dateInputMessages.placeholder}
          inputMode="numeric"
          ariaLabel={dateInputMessages.typedLabel(label)}
          invalid={invalid || (text.trim() !== '' && !parseFrenchDateInput(text))}
          disabled={disabled}
          onChange={({ detail }) => typed(detail.value)}
          onBlur={() => value && setText(toFrenchDateInput(value))}
        />
      </div>
      <Button
        variant="icon"
        iconName="calendar"
        disabled={disabled}
        ariaLabel={value ? dateInputMessages.openCalendarWithValue(label, formatFrenchDay(value)) : dateInputMessages.openCalendar(label)}
        ariaExpanded={open}
        onClick={() => setOpen((current) => !current)}
      />
      {open && (
        <div
          role="dialog"
          aria-label={dateInputMessages.calendar(label)}
          style={{
            position: 'absolute',
            top: '100%',
            left: 0,
            zIndex: 2000,
            marginTop: 4,
            padding: 12,
            background: '#fff',
            borderRadius: 8,
            boxShadow: '0 4px 20px rgba(0, 7, 22, 0.2)',
          }}
        >
          <Calendar
            value={value}
            locale="fr-FR"
            startOfWeek={1}
            ariaLabel={label}
            i18nStrings={calendarStrings}
            isDateEnabled={isDateEnabled}
            onChange={({ detail }) => {
              setText(toFrenchDateInput(detail.value));
              setShownValue(detail.value);
              onChange(detail.value);
              setOpen(false);
            }}
          />
        </div>
      )}
    </div>
  );
}
