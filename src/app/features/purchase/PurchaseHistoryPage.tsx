import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /user/purchase/history. */
export function PurchaseHistoryPage() {
  return <Page title="PurchaseHistoryPage">{null}</Page>;
}
