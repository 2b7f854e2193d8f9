import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LotPick } from '../../../../shared/domain/lot';
import { hoursOf, selectedLots, type FreePlanningForm } from './free-planning-config';
import { sectionOf, type FormErrors } from './free-planning-validation';

export type FormChange = Partial<FreePlanningForm> | ((form: FreePlanningForm) => FreePlanningForm);

/** What every section of the creation form receives. */
export interface SectionProps {
  form: FreePlanningForm;
  update: (change: FormChange) => void;
  errors: FormErrors;
}

const SECTION_COUNT = 10;

/** The form fields behind an error key, when they differ from its first segment. */
const errorFields: Record<string, string[]> = {
  lunch: ['lunchStartTime', 'lunchEndTime'],
  broadcastList: ['selectedLotIds', 'lengths'],
  bookingDeadline: ['deadlineDate', 'deadlineTime'],
  launchDate: ['launchDate', 'launchTime', 'launchEnabled'],
  amoList: ['amoList', 'days', 'areAmosAssigned'],
  vrText: ['vrText', 'vrEnabled'],
  contact: ['contact', 'messages'],
};

/**
 * The creation form's state: the form, its errors (cleared field by field as the user edits),
 * the open sections, and the live hours of the side panel.
 */
export function useFreePlanningForm(initial: FreePlanningForm, lots: readonly LotPick[]) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [open, setOpen] = useState<Set<number>>(() => new Set(Array.from({ length: SECTION_COUNT }, (_, index) => index + 1)));

  const update = useCallback((change: FormChange) => {
    setForm((current) => (typeof change === 'function' ? change(current) : { ...current, ...change }));
  }, []);

  // The errors of the fields that changed are cleared as the user edits.
  const previous = useRef(form);
  useEffect(() => {
    const before = previous.current;
    previous.current = form;
    if (before === form) return;
    setErrors((current) => {
      const kept = Object.entries(current).filter(([key]) =>
        (errorFields[key.split('.')[0]] ?? [key.split('.')[0]]).every(
          (field) => before[field as keyof FreePlanningForm] === form[field as keyof FreePlanningForm],
        ),
      );
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, [form]);

  /** Shows the errors and opens every section that holds one. */
  const showErrors = useCallback((found: FormErrors) => {
    setErrors(found);
    const sections = Object.keys(found).map(sectionOf);
    if (sections.length) setOpen((current) => new Set([...current, ...sections]));
  }, []);

  const toggle = useCallback((section: number, expanded: boolean) => {
    setOpen((current) => {
      const next = new Set(current);
      if (expanded) next.add(section);
      else next.delete(section);
      return next;
    });
  }, []);

  const hours = useMemo(() => hoursOf(form, lots as LotPick[]), [form, lots]);
  const buyerCount = useMemo(() => selectedLots(form, lots).length, [form, lots]);

  return { form, update, errors, showErrors, open, toggle, hours, buyerCount };
}
