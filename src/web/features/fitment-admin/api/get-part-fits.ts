import { useQuery } from '@tanstack/react-query';
import { partQueryOptions } from '#web/lib/queries/get-part.ts';

/** A part in full, its name and the laptops it fits with each note: the catalogue's query for one part. */
export const usePartFits = (id: string) => useQuery(partQueryOptions(id));
