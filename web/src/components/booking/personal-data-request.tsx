import { useAskPersonalDataMutation } from '../../api/booking-queries';
import { Notice } from './notice';

/** Failure text of the data-protection request (part 1 §8). */
const personalDataFailed = 'Une erreur est apparue lors de la demande';

/** Data-protection action: e-mails the buyer the personal data kept about them (part 1 §2, §8). */
export function PersonalDataRequest({ uuid }: { uuid: string }) {
  const ask = useAskPersonalDataMutation(uuid);
  return (
    <section className="bk-gdpr" aria-labelledby="bk-gdpr-title">
      <h2 id="bk-gdpr-title" className="bk-gdpr__title">
        Protection des données personnelles
      </h2>
      <p>
        Vous pouvez recevoir par e-mail les données personnelles vous concernant.{' '}
        <button type="button" className="bk-linkbtn" onClick={() => ask.mutate()} disabled={ask.isPending}>
          {ask.isPending ? 'Envoi de la demande…' : 'Recevoir mes données personnelles'}
        </button>
      </p>
      {ask.isSuccess && <Notice tone="success">{ask.data.message}</Notice>}
      {ask.isError && <Notice tone="error">{personalDataFailed}</Notice>}
    </section>
  );
}
