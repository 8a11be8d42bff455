import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /category. */
export function CategoryPage() {
  return <Page title="CategoryPage">{null}</Page>;
}
