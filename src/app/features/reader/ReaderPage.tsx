import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /book/read/$id/$number. */
export function ReaderPage() {
  return <Page title="ReaderPage">{null}</Page>;
}
