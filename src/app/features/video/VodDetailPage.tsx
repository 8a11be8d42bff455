import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /vod/detail. */
export function VodDetailPage() {
  return <Page title="VodDetailPage">{null}</Page>;
}
