import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /home. */
export function HomePage() {
  return <Page title="HomePage">{null}</Page>;
}
