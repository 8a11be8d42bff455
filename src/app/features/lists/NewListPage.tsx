import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /home/new. */
export function NewListPage() {
  return <Page title="NewListPage">{null}</Page>;
}
