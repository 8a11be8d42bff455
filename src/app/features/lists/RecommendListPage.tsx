import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /home/recommend. */
export function RecommendListPage() {
  return <Page title="RecommendListPage">{null}</Page>;
}
