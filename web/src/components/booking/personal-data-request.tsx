import { useAskPersonalDataMutation } from '../../api/booking-queries';
import { bookingPageMessages } from '../../../../shared/messages/booking-page';
import { Notice } from './notice';

/** Data-protection action: e-mails the buyer the personal data kept about them (part 1 §2, §8). */
export function PersonalDataRequest({ uuid }: { uuid: string }) {
  const ask = useAskPersonalDataMutation(uuid);
  return (
    <section className="bk-gdpr" aria-labelledby="bk-gdpr-title">
      <h2 id="bk-gdpr-title" className="bk-gdpr__title">
        {bookingPageMessages.personalDataTitle}
      </h2>
      <p>
        {bookingPageMessages.personalDataText}{' '}
        <button type="button" className="bk-linkbtn" onClick={() => ask.mutate()} disabled={ask.isPending}>
          {ask.isPending ? bookingPageMessages.personalDataSending : bookingPageMessages.personalDataAsk}
        </button>
      </p>
      {ask.isSuccess && <Notice tone="success">{ask.data.message}</Notice>}
      {ask.isError && <Notice tone="error">{bookingPageMessages.personalDataFailed}</Notice>}
    </section>
  );
}
