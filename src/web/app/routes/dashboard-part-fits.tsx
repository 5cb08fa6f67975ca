import { useParams } from 'react-router';
import { PartFitsEditor } from '#web/features/fitment-admin/components/part-fits-editor.tsx';
import { NotFittingReports } from '#web/features/returns/components/not-fitting-reports.tsx';

/**
 * The laptop models one part fits, for admins (reached from Manage All Product), and beside them the
 * laptops its buyers returned it for as not fitting.
 */
export function PartFitsRoute() {
  const { id = '' } = useParams();
  return (
    <div className="flex flex-col gap-8">
      <PartFitsEditor partId={id} />
      <NotFittingReports partId={id} />
    </div>
  );
}
