import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /shelf-vod. */
export function VodShelfPage() {
  return <Page title="VodShelfPage">{null}</Page>;
}
