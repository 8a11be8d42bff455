import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /home/three-d. */
export function ThreeDListPage() {
  return <Page title="ThreeDListPage">{null}</Page>;
}
