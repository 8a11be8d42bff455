import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /search-vod. */
export function VodSearchPage() {
  return <Page title="VodSearchPage">{null}</Page>;
}
