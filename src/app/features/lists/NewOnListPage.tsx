import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /home/new-on. */
export function NewOnListPage() {
  return <Page title="NewOnListPage">{null}</Page>;
}
