import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /home/day-ranked. */
export function DayRankedListPage() {
  return <Page title="DayRankedListPage">{null}</Page>;
}
