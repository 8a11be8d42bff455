import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /purchase. */
export function PurchasePage() {
  return <Page title="PurchasePage">{null}</Page>;
}
