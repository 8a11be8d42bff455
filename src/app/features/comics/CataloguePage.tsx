import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /book/$id/catalog. */
export function CataloguePage() {
  return <Page title="CataloguePage">{null}</Page>;
}
