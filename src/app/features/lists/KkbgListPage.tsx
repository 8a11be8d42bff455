import { ShowcaseListScreen } from './showcase-screen';
import { ListTitle } from '../../../contract';

/** /home/kkbg: the heavyweight list. */
export function KkbgListPage() {
  return <ShowcaseListScreen type="kkbg" title={ListTitle.kkbg} />;
}
