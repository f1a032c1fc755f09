import type { AdminUser } from '@goldroute/domain/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dropdown, type DropdownOption } from '../../components/ui/dropdown';
import { notifyError } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { USER_SEARCH_DEBOUNCE_MS, adminUsersQueryOptions } from './api';
import { usersErrorMessage } from './errors';
import { useDebouncedValue } from './use-debounced-value';

const count = (n: number) => n.toLocaleString('en-US');

/** What the list says under the users: still searching, or how many more match than are listed. */
function footerText(searching: boolean, shown: number, total: number | undefined): string | null {
  if (searching) return 'Searching...';
  if (total !== undefined && total > shown) {
    return `Showing ${count(shown)} of ${count(total)} users: ${count(total - shown)} more match, type to narrow the search.`;
  }
  return null;
}

/**
 * The user dropdown of /admin/gold: searched on the server as the admin types (debounced), up to 50 users.
 * The chosen user stays on the trigger whatever the current search lists.
 */
export function UserPicker({
  value,
  onChange,
}: {
  value: AdminUser | null;
  onChange: (user: AdminUser | null) => void;
}) {
  const session = useSession();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const query = useQuery(adminUsersQueryOptions(session.request, settled));
  const { error, errorUpdatedAt } = query;

  useEffect(() => {
    if (error) notifyError(usersErrorMessage(error));
    // errorUpdatedAt: every failure once, not every render.
  }, [error, errorUpdatedAt]);

  const users = query.data?.data ?? [];
  const options: DropdownOption[] = users.map((user) => ({ value: user.userID, label: user.userEmail }));
  if (value && !users.some((user) => user.userID === value.userID)) {
    options.unshift({ value: value.userID, label: value.userEmail });
  }
  const searching = search.trim() !== settled || query.isFetching;
  const footer = footerText(searching, users.length, query.data?.total);

  return (
    <Dropdown
      label="User"
      placeholder="Search users by e-mail"
      searchable
      options={options}
      value={value?.userID ?? null}
      onChange={(id) =>
        onChange(
          id === null
            ? null
            : (users.find((user) => user.userID === id) ?? (value?.userID === id ? value : null)),
        )
      }
      onQueryChange={setSearch}
      footer={footer}
    />
  );
}
