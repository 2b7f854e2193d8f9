import Alert from '@cloudscape-design/components/alert';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { AmoSummary } from '../../../../shared/domain/account';
import type { SectionProps } from './use-free-planning-form';

export interface AmoSectionProps extends SectionProps {
  amos: AmoSummary[];
  loading: boolean;
  loadError: string | null;
}

/**
 * Section 6: the AMOs of the planning, among the program's authorized ones. Assigned to visits,
 * the largest AMO count of a day must equal the number selected.
 */
export function AmoSection({ form, update, errors, amos, loading, loadError }: AmoSectionProps) {
  const options = amos.map((amo) => ({ value: amo._id, label: `${amo.firstname} ${amo.lastname}`.trim() }));
  const maxPerDay = Math.max(0, ...form.days.map((day) => day.nbAmo));
  return (
    <SpaceBetween size="m">
      {loadError && <Alert type="error">{loadError}</Alert>}
      <ColumnLayout columns={2}>
        <FormField
          label="AMO du planning"
          description={
            amos.length === 0 && !loading ? "Aucun AMO n'est autorisé sur ce programme (Paramètres du programme)." : 'Les AMO autorisés sur le programme.'
          }
          errorText={errors.amoList}
        >
          <Multiselect
            selectedOptions={options.filter((option) => form.amoList.includes(option.value))}
            options={options}
            statusType={loading ? 'loading' : 'finished'}
            loadingText="Chargement des AMO"
            placeholder="Choisir des AMO"
            empty="Aucun AMO"
            invalid={!!errors.amoList}
            onChange={({ detail }) => update({ amoList: detail.selectedOptions.map((option) => option.value ?? '').filter(Boolean) })}
          />
        </FormField>
        <FormField
          label="Affectation"
          description={
            form.areAmosAssigned
              ? `Chaque AMO reçoit ses propres rendez-vous : ${maxPerDay} AMO par jour au plus, ${form.amoList.length} sélectionné(s).`
              : 'Les rendez-vous ne sont pas attribués à un AMO nommé.'
          }
        >
          <SpaceBetween size="xs">
            <Toggle checked={form.areAmosAssigned} onChange={({ detail }) => update({ areAmosAssigned: detail.checked })}>
              Affecter les AMO aux rendez-vous
            </Toggle>
            <Toggle
              checked={form.authorizeTrous}
              onChange={({ detail }) => update({ authorizeTrous: detail.checked })}
              description={
                form.authorizeTrous
                  ? "Les acquéreurs peuvent choisir n'importe quel horaire libre. Les journées des AMO peuvent alors comporter des temps morts entre deux visites."
                  : "Les visites s'enchaînent : un acquéreur ne peut choisir qu'un horaire qui ne laisse pas, avant ou après sa visite, un temps libre trop court pour une autre visite. Les journées des AMO restent pleines, sans temps mort."
              }
            >
              Autoriser les trous entre les rendez-vous
            </Toggle>
          </SpaceBetween>
        </FormField>
      </ColumnLayout>
    </SpaceBetween>
  );
}
