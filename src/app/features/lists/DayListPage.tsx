import { Page } from '../../components/Page';

/** TODO(owner): the screen of route /home/day. */
export function DayListPage() {
  return <Page title="DayListPage">{null}</Page>;
}
