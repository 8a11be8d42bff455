import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /user. */
export function MinePage() {
  return <Page title="MinePage">{null}</Page>;
}
