import { ShowcaseListScreen } from './showcase-screen';
import { ListTitle } from '../../../contract';

/** /home/new-on: new serialised books. */
export function NewOnListPage() {
  return <ShowcaseListScreen type="new_on" title={ListTitle.newOn} />;
}
