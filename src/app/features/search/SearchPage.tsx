import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /search. */
export function SearchPage() {
  return <Page title="SearchPage">{null}</Page>;
}
