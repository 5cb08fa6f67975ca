import { useParams } from 'react-router';
import { PartFitsEditor } from '../../features/fitment-admin/components/part-fits-editor';

/** The laptop models one part fits, for admins (reached from Manage All Product). */
export function PartFitsRoute() {
  const { id = '' } = useParams();
  return <PartFitsEditor partId={id} />;
}
