import { UserTable } from './user-table';

/** Manage All User: every account with its role, searchable by email, 50 a page. */
export function AllUsers() {
  return (
    <section aria-labelledby="all-users-heading" className="flex flex-col gap-4">
      <h1 id="all-users-heading" className="text-2xl font-bold">
        Manage All User
      </h1>
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
    </section>
  );
}
