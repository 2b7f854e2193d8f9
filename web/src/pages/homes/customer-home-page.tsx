import { BuyerHomePage } from '../buyer-area/buyer-home-page';

/** /accueil-acquereur: the buyer area's home (issue 15 owns its content: web/src/pages/buyer-area/). */
export function CustomerHomePage() {
  return <BuyerHomePage />;
}
