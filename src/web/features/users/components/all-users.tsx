import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { UserTable } from './user-table';

/** Manage All User: every account with its role, searchable by email, 50 a page. */
export function AllUsers() {
  return (
    <DashboardPage headingId="all-users-heading" title="Manage All User">
      <UserTable
        emailHeader="Email"
        empty={(query) => (
          <p className="opacity-80">{query ? `No user's email contains “${query}”.` : 'No users yet.'}</p>
        )}
        columns={[
          {
            header: 'Role',
            labelOnPhones: true,
            cell: (user) =>
              user.role === 'admin' ? <span className="badge badge-primary">Admin</span> : 'Customer',
          },
        ]}
      />
    </DashboardPage>
  );
}
