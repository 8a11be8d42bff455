import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /home/ranked. */
export function RankedListPage() {
  return <Page title="RankedListPage">{null}</Page>;
}
