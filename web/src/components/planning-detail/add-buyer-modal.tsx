import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import Toggle from '@cloudscape-design/components/toggle';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { LotPick } from '../../../../shared/domain/lot';
import { ActionModal } from './action-modal';
import { dateTimeError, durationOptions } from './booking-fields';
import { DateTimeField } from './date-time-field';
import { useSearchText } from './use-search-text';
import { errorMessage } from '../../api/api-error';
import { planningDetailQueries } from '../../api/planning-detail-queries';
import { detailMessages } from '../../../../shared/messages/planning-actions';
import { addBuyerMessages, planningDialogCommon } from '../../../../shared/messages/planning-dialogs';

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

const optionOf = (lot: LotPick) => ({ value: lot._id, label: `${lot.lotcomm} · ${lot.nom}`, tags: [lot.typologie, addBuyerMessages.building(lot.batiment)] });

/** The mail option's texts: a free planning invites, an imposed one convenes (part 2 §5, part 2 §2.5, §2.7). */
const mailTexts = addBuyerMessages.mail;

export interface AddBuyerModalProps {
  /** The planning: the program's lots not yet in it are searched on the server (GET /rdv/{id}/lot-candidates). */
  planningId: string;
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
export function AddBuyerModal({ planningId, pas, defaultLength, imposed, pending, error, onConfirm, onDismiss }: AddBuyerModalProps) {
  const search = useSearchText();
  const found = useInfiniteQuery(planningDetailQueries.lotCandidates(planningId, search.searched));
  const lots = useMemo(() => found.data?.pages.flatMap((page) => page.clients) ?? [], [found.data]);
  const [lot, setLot] = useState<LotPick | null>(null);
  const lotId = lot?._id ?? '';
  const [length, setLength] = useState<number | null>(null);
  const [mail, setMail] = useState<'' | 'yes' | 'no'>('');
  const [placeChosen, setPlace] = useState(false);
  const place = !!imposed || placeChosen;
  const [amoNb, setAmoNb] = useState(0);
  const texts = imposed ? mailTexts.imposed : mailTexts.free;
  const [when, setWhen] = useState({ date: '', time: '' });
  const [submitted, setSubmitted] = useState(false);
  const duree = length ?? (lot ? defaultLength(lot) : 0);
  const guestError = !lotId || !duree || !mail ? detailMessages.guestRequired : undefined;
  const whenError = place ? dateTimeError(when, duree) : undefined;
  const lengths = durationOptions(pas);
  return (
    <ActionModal
      header={addBuyerMessages.title}
      confirmLabel={addBuyerMessages.add}
      pending={pending}
      error={error}
      onConfirm={() => {
        setSubmitted(true);
        if (!guestError && !whenError) onConfirm({ lotId, duree, sendMail: mail === 'yes', start: place ? when : null, amoNb });
      }}
      onDismiss={onDismiss}
    >
      <FormField label={planningDialogCommon.guest} errorText={submitted && !lotId ? guestError : undefined}>
        <Select
          selectedOption={lot ? optionOf(lot) : null}
          options={lots.map(optionOf)}
          // The program's lots are searched and paged on the server (50 a read, the next ones at the end of the list).
          filteringType="manual"
          filteringAriaLabel={addBuyerMessages.searchLabel}
          filteringPlaceholder={addBuyerMessages.searchPlaceholder}
          virtualScroll
          statusType={
            found.isError ? 'error' : found.isPending || search.waiting || found.isFetchingNextPage ? 'loading' : found.hasNextPage ? 'pending' : 'finished'
          }
          loadingText={addBuyerMessages.loading}
          errorText={errorMessage(found.error, detailMessages.buyersLoadFailed)}
          recoveryText={planningDialogCommon.retry}
          empty={search.searched.trim() ? addBuyerMessages.noMatch : addBuyerMessages.allIn}
          placeholder={addBuyerMessages.pickLot}
          onLoadItems={({ detail }) => {
            if (detail.filteringText !== search.typed) search.setTyped(detail.filteringText);
            else if (detail.samePage) void (found.isFetchNextPageError ? found.fetchNextPage() : found.refetch());
            else if (!detail.firstPage && found.hasNextPage && !found.isFetching) void found.fetchNextPage();
          }}
          onChange={({ detail }) => {
            setLot(lots.find((candidate) => candidate._id === detail.selectedOption.value) ?? null);
            setLength(null);
          }}
        />
      </FormField>
      <FormField label={addBuyerMessages.length} errorText={submitted && lotId && !duree ? addBuyerMessages.lengthRequired : undefined}>
        <Select
          selectedOption={lengths.find((option) => Number(option.value) === duree) ?? null}
          options={lengths}
          placeholder={planningDialogCommon.duration}
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
          {addBuyerMessages.placeNow}
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
          label={addBuyerMessages.date}
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
