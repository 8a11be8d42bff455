import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /shelf. */
export function ShelfPage() {
  return <Page title="ShelfPage">{null}</Page>;
}
