import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import type { Lot } from '../../../../shared/domain/lot';
import { ActionModal } from './action-modal';
import { dateTimeError, durationOptions } from './booking-fields';
import { DateTimeField } from './date-time-field';

export interface AddBuyer {
  lotId: string;
  duree: number;
  isMailInvitation: boolean;
  /** Optional: the visit placed at once (hours 8 to 20, 15-minute steps). */
  start: { date: string; time: string } | null;
}

export interface AddBuyerModalProps {
  /** The program's lots not yet in the planning. */
  lots: Lot[];
  loading: boolean;
  loadError: string | null;
  pas: 900 | 1800;
  defaultLength: (lot: Lot) => number;
  pending: boolean;
  error: string | null;
  onConfirm: (value: AddBuyer) => void;
  onDismiss: () => void;
}

/** 'Ajouter un acquéreur' (part 2 §5 'Add buyer to planning'): guest, duration and the mail option required. */
export function AddBuyerModal({ lots, loading, loadError, pas, defaultLength, pending, error, onConfirm, onDismiss }: AddBuyerModalProps) {
  const [lotId, setLotId] = useState('');
  const [length, setLength] = useState<number | null>(null);
  const [mail, setMail] = useState<'' | 'yes' | 'no'>('');
  const [place, setPlace] = useState(false);
  const [when, setWhen] = useState({ date: '', time: '' });
  const [submitted, setSubmitted] = useState(false);
  const lot = lots.find((candidate) => candidate._id === lotId);
  const duree = length ?? (lot ? defaultLength(lot) : 0);
  const guestError = !lotId || !duree || !mail ? 'Veuillez sélectionner un invité !' : undefined;
  const whenError = place ? dateTimeError(when, duree) : undefined;
  const lengths = durationOptions(pas);
  const options = lots.map((candidate) => ({ value: candidate._id, label: `${candidate.lotcomm} · ${candidate.nom}`, tags: [candidate.typologie, `Bât. ${candidate.batiment}`] }));
  return (
    <ActionModal
      header="Ajouter un acquéreur au planning"
      confirmLabel="Ajouter"
      pending={pending}
      error={error ?? loadError}
      onConfirm={() => {
        setSubmitted(true);
        if (!guestError && !whenError) onConfirm({ lotId, duree, isMailInvitation: mail === 'yes', start: place ? when : null });
      }}
      onDismiss={onDismiss}
    >
      <FormField label="Invité" errorText={submitted && !lotId ? guestError : undefined}>
        <Select
          selectedOption={options.find((option) => option.value === lotId) ?? null}
          options={options}
          filteringType="auto"
          statusType={loading ? 'loading' : 'finished'}
          loadingText="Chargement des acquéreurs du programme"
          empty="Tous les lots du programme sont déjà dans le planning"
          placeholder="Choisir un lot"
          onChange={({ detail }) => {
            setLotId(detail.selectedOption.value ?? '');
            setLength(null);
          }}
        />
      </FormField>
      <FormField label="Durée de la visite" errorText={submitted && lotId && !duree ? 'Veuillez choisir une durée.' : undefined}>
        <Select selectedOption={lengths.find((option) => Number(option.value) === duree) ?? null} options={lengths} placeholder="Durée" onChange={({ detail }) => setLength(Number(detail.selectedOption.value))} />
      </FormField>
      <FormField label="Invitation" errorText={submitted && lotId && !mail ? "Veuillez choisir si l'invitation part maintenant." : undefined}>
        <RadioGroup
          value={mail || null}
          onChange={({ detail }) => setMail(detail.value as 'yes' | 'no')}
          items={[
            { value: 'yes', label: "Envoyer l'invitation maintenant" },
            { value: 'no', label: "Ne pas envoyer d'invitation" },
          ]}
        />
      </FormField>
      <Toggle checked={place} onChange={({ detail }) => setPlace(detail.checked)}>
        Placer le rendez-vous directement
      </Toggle>
      {place && <DateTimeField label="Date du rendez-vous" date={when.date} time={when.time} stepMin={15} error={submitted ? whenError : undefined} onChange={setWhen} />}
    </ActionModal>
  );
}
