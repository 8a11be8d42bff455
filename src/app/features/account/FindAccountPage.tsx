import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /user/find-account. */
export function FindAccountPage() {
  return <Page title="FindAccountPage">{null}</Page>;
}
