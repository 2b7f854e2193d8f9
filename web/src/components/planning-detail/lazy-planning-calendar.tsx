import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PlanningCalendarProps } from './planning-calendar';
import { afterPaintAndIdle } from '../after-first-screen';
import { planningCalendarViewMessages } from '../../../../shared/messages/planning-dialogs';

let loading: Promise<{ default: typeof import('./planning-calendar').PlanningCalendar }> | undefined;
const loadCalendar = () => (loading ??= import('./planning-calendar').then((module) => ({ default: module.PlanningCalendar })));
const PlanningCalendar = lazy(loadCalendar);

/** Where the calendar will stand while FullCalendar loads: its toolbar and a week's height, so nothing jumps. */
function CalendarPlaceholder() {
  return (
    <Box padding={{ vertical: 'xxl' }} textAlign="center" color="text-status-inactive">
      <div style={{ minHeight: 480 }}>
        <Spinner /> {planningCalendarViewMessages.loading}
      </div>
    </Box>
  );
}

/**
 * The planning calendar, loaded and drawn after the page's first screen (docs/performance.md « Big
 * programs »): FullCalendar is about a third of the staff pages' own code, and drawing a week of
 * visits forces layouts; the participants above it are what a cold page must show first. Its
 * module is fetched at once, beside the page's reads; it mounts once `after` holds (the page's
 * first content is in), after the next paint.
 */
export function LazyPlanningCalendar({ after, ...props }: PlanningCalendarProps & { after: boolean }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => void loadCalendar(), []);
  useEffect(() => (after ? afterPaintAndIdle(() => setPainted(true)) : undefined), [after]);
  return <Suspense fallback={<CalendarPlaceholder />}>{painted ? <PlanningCalendar {...props} /> : <CalendarPlaceholder />}</Suspense>;
}
