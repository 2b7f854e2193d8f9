import { BuyerHomePage } from '../buyer-area/buyer-home-page';

/** /accueil-acquereur: the buyer area's home (part 1 §2 buyer area owns its content: web/src/pages/buyer-area/). */
export function CustomerHomePage() {
  return <BuyerHomePage />;
}
