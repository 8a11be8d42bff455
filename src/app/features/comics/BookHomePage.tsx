import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /book/$bookId. */
export function BookHomePage() {
  return <Page title="BookHomePage">{null}</Page>;
}
