import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /vod. */
export function VodHomePage() {
  return <Page title="VodHomePage">{null}</Page>;
}
