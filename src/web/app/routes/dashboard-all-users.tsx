import { AllUsers } from '../../features/users/components/all-users';

export function DashboardAllUsersRoute() {
  return <AllUsers />;
}
