import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /vod/category. */
export function VodCategoryPage() {
  return <Page title="VodCategoryPage">{null}</Page>;
}
