import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import type { ReactNode } from 'react';
import { tourShowPrefix } from '../../../../shared/domain/virtual-visit';
import { FrenchDateInput } from '../../components/french-date-input';
import { visitDialogMessages, visitTableMessages } from '../../../../shared/messages/virtual-visit-pages';

interface VisitLinkValues {
  pointer: string;
  payload: string;
  email?: string;
  startDate: string;
  endDate: string;
  sendMail?: boolean;
}

interface VisitLinkFieldsProps {
  form: VisitLinkValues;
  errors: Record<string, string>;
  set: (patch: Partial<VisitLinkValues>) => void;
  emailDescription?: string;
  /** More fields on the dates' line (the admin form's id). */
  periodExtra?: ReactNode;
}

/** What a virtual visit shows and to whom (part 3 §2, §5): its name, 3D links, mails, validity and the mail choice. */
export function VisitLinkFields({ form, errors, set, emailDescription, periodExtra }: VisitLinkFieldsProps) {
  return (
    <>
      <FormField label={visitDialogMessages.pointerField} errorText={errors.pointer}>
        <Input value={form.pointer} onChange={({ detail }) => set({ pointer: detail.value })} ariaLabel={visitDialogMessages.pointer} />
      </FormField>
      <FormField label={visitDialogMessages.linksField} description={visitDialogMessages.linksHelp(tourShowPrefix)} errorText={errors.payload}>
        <Textarea value={form.payload} onChange={({ detail }) => set({ payload: detail.value })} rows={2} ariaLabel={visitDialogMessages.links} />
      </FormField>
      <FormField label="E-mail(s)" description={emailDescription} errorText={errors.email}>
        <Input value={form.email ?? ''} onChange={({ detail }) => set({ email: detail.value })} ariaLabel="E-mails" />
      </FormField>
      <SpaceBetween direction="horizontal" size="l">
        <FormField label={visitTableMessages.start} errorText={errors.startDate}>
          <FrenchDateInput value={form.startDate} onChange={(day) => set({ startDate: day })} ariaLabel={visitDialogMessages.startDate} />
        </FormField>
        <FormField label="Fin" errorText={errors.endDate}>
          <FrenchDateInput value={form.endDate} onChange={(day) => set({ endDate: day })} ariaLabel="Date de fin" />
        </FormField>
        {periodExtra}
      </SpaceBetween>
      <Checkbox checked={!!form.sendMail} onChange={({ detail }) => set({ sendMail: detail.checked })}>
        {visitDialogMessages.sendByMail}
      </Checkbox>
    </>
  );
}
