import { ShowcaseListScreen } from './showcase-screen';
import { ListTitle } from '../../../contract';

/** /home/recommend */
export function RecommendListPage() {
  return <ShowcaseListScreen type="e_recommend" title={ListTitle.recommend} />;
}
