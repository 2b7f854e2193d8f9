import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import type { LotPick } from '../../../../shared/domain/lot';
import { ActionModal } from './action-modal';
import { dateTimeError, durationOptions } from './booking-fields';
import { DateTimeField } from './date-time-field';
import { detailMessages } from '../../../../shared/messages/planning-actions';

export interface AddBuyer {
  lotId: string;
  duree: number;
  /** The invitation (free planning) or the convocation (imposed planning) leaves at once. */
  sendMail: boolean;
  /** The visit placed at once (hours 8 to 20, 15-minute steps): optional, required for a convocation. */
  start: { date: string; time: string } | null;
  /** Imposed planning: the AMO column of the visit. */
  amoNb: number;
}

/** The mail option's texts: a free planning invites, an imposed one convenes (part 2 §5, part 2 §2.5, §2.7). */
const mailTexts = {
  free: {
    label: 'Invitation',
    yes: "Envoyer l'invitation maintenant",
    no: "Ne pas envoyer d'invitation",
    required: "Veuillez choisir si l'invitation part maintenant.",
  },
  imposed: {
    label: 'Convocation',
    yes: 'Envoyer la convocation maintenant',
    no: 'Ne pas envoyer de convocation',
    required: 'Veuillez choisir si la convocation part maintenant.',
  },
};

export interface AddBuyerModalProps {
  /** The program's lots not yet in the planning. */
  lots: LotPick[];
  loading: boolean;
  loadError: string | null;
  pas: 900 | 1800;
  defaultLength: (lot: LotPick) => number;
  /** part 2 §2.5, §2.7: an imposed planning's buyer is convened at a start staff choose (required), on one AMO. */
  imposed?: { amoOptions: { value: string; label: string }[] };
  pending: boolean;
  error: string | null;
  onConfirm: (value: AddBuyer) => void;
  onDismiss: () => void;
}

/**
 * 'Ajouter un acquéreur' (part 2 §5 'Add buyer to planning'): guest, duration and the mail option
 * required; on an imposed planning the date and time are required too and the mail is the convocation.
 */
export function AddBuyerModal({ lots, loading, loadError, pas, defaultLength, imposed, pending, error, onConfirm, onDismiss }: AddBuyerModalProps) {
  const [lotId, setLotId] = useState('');
  const [length, setLength] = useState<number | null>(null);
  const [mail, setMail] = useState<'' | 'yes' | 'no'>('');
  const [placeChosen, setPlace] = useState(false);
  const place = !!imposed || placeChosen;
  const [amoNb, setAmoNb] = useState(0);
  const texts = imposed ? mailTexts.imposed : mailTexts.free;
  const [when, setWhen] = useState({ date: '', time: '' });
  const [submitted, setSubmitted] = useState(false);
  const lot = lots.find((candidate) => candidate._id === lotId);
  const duree = length ?? (lot ? defaultLength(lot) : 0);
  const guestError = !lotId || !duree || !mail ? detailMessages.guestRequired : undefined;
  const whenError = place ? dateTimeError(when, duree) : undefined;
  const lengths = durationOptions(pas);
  const options = lots.map((candidate) => ({
    value: candidate._id,
    label: `${candidate.lotcomm} · ${candidate.nom}`,
    tags: [candidate.typologie, `Bât. ${candidate.batiment}`],
  }));
  return (
    <ActionModal
      header="Ajouter un acquéreur au planning"
      confirmLabel="Ajouter"
      pending={pending}
      error={error ?? loadError}
      onConfirm={() => {
        setSubmitted(true);
        if (!guestError && !whenError) onConfirm({ lotId, duree, sendMail: mail === 'yes', start: place ? when : null, amoNb });
      }}
      onDismiss={onDismiss}
    >
      <FormField label="Invité" errorText={submitted && !lotId ? guestError : undefined}>
        <Select
          selectedOption={options.find((option) => option.value === lotId) ?? null}
          options={options}
          filteringType="auto"
          filteringAriaLabel="Rechercher un lot"
          filteringPlaceholder="Rechercher un lot"
          // A program may hold 10,000 lots: only the options in view are in the page (the filter finds the others).
          virtualScroll
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
        <Select
          selectedOption={lengths.find((option) => Number(option.value) === duree) ?? null}
          options={lengths}
          placeholder="Durée"
          onChange={({ detail }) => setLength(Number(detail.selectedOption.value))}
        />
      </FormField>
      <FormField label={texts.label} errorText={submitted && lotId && !mail ? texts.required : undefined}>
        <RadioGroup
          value={mail || null}
          onChange={({ detail }) => setMail(detail.value as 'yes' | 'no')}
          items={[
            { value: 'yes', label: texts.yes },
            { value: 'no', label: texts.no },
          ]}
        />
      </FormField>
      {!imposed && (
        <Toggle checked={placeChosen} onChange={({ detail }) => setPlace(detail.checked)}>
          Placer le rendez-vous directement
        </Toggle>
      )}
      {imposed && imposed.amoOptions.length > 1 && (
        <FormField label="AMO">
          <Select
            selectedOption={imposed.amoOptions[amoNb] ?? null}
            options={imposed.amoOptions}
            onChange={({ detail }) => setAmoNb(Number(detail.selectedOption.value))}
          />
        </FormField>
      )}
      {place && (
        <DateTimeField
          label="Date du rendez-vous"
          date={when.date}
          time={when.time}
          stepMin={15}
          error={submitted ? whenError : undefined}
          onChange={setWhen}
        />
      )}
    </ActionModal>
  );
}
