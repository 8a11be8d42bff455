import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /user/login. */
export function LoginPage() {
  return <Page title="LoginPage">{null}</Page>;
}
