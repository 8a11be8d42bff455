import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /home/kkbg. */
export function KkbgListPage() {
  return <Page title="KkbgListPage">{null}</Page>;
}
