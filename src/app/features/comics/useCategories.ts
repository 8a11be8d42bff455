import { useQuery } from '@tanstack/react-query';
import { ALL_ID, type Category, type PublishStatusOption, ComicsText } from '../../../contract';
import { bookKeys, fetchCategories } from '../../lib/api/books';
import type { TabItem } from './Tabs';

/** Label of the 'all' entries the client prepends (spec §3). */
export const ALL_LABEL = ComicsText.all;

/** Categories and publish statuses, each with the 'all' entry (id ALL_ID) first. */
export function useCategories() {
  const q = useQuery({ queryKey: bookKeys.categories(), queryFn: fetchCategories, staleTime: 10 * 60_000 });
  const categories: Category[] = [{ id: ALL_ID, name: ALL_LABEL }, ...(q.data?.categoryList ?? [])];
  const statuses: PublishStatusOption[] = [
    { code: ALL_ID, desc: ALL_LABEL },
    ...(q.data?.publishStatusList ?? []),
  ];
  const categoryTabs: TabItem[] = categories.map((c) => ({ id: c.id, label: c.name }));
  return { categories, categoryTabs, statuses, isPending: q.isPending };
}
