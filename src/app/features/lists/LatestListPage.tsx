import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /home/latest. */
export function LatestListPage() {
  return <Page title="LatestListPage">{null}</Page>;
}
