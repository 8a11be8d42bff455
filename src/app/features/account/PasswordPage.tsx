import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /user/password. */
export function PasswordPage() {
  return <Page title="PasswordPage">{null}</Page>;
}
