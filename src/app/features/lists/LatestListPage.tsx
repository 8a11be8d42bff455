import { ShowcaseListScreen } from './showcase-screen';
import { ListTitle } from '../../../contract';

/** /home/latest: the newest books on the shelves. */
export function LatestListPage() {
  return <ShowcaseListScreen type="new" title={ListTitle.latest} note="published" />;
}
