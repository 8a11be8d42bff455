import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /user/purchase/pay. */
export function PayFramePage() {
  return <Page title="PayFramePage">{null}</Page>;
}
