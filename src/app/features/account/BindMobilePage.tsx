import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /user/bind. */
export function BindMobilePage() {
  return <Page title="BindMobilePage">{null}</Page>;
}
