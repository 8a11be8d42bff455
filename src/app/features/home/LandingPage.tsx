import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /landing. */
export function LandingPage() {
  return <Page title="LandingPage">{null}</Page>;
}
