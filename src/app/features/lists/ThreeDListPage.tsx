import { ShowcaseListScreen } from './showcase-screen';
import { ListTitle } from '../../../contract';

/** /home/three-d */
export function ThreeDListPage() {
  return <ShowcaseListScreen type="three_d" title={ListTitle.threeD} />;
}
