import '../../shared/zod-setup';
import { zodResolver } from '@hookform/resolvers/zod';

/**
 * The one way forms validate: the shared zod contract through react-hook-form, with the shop's
 * messages for missing fields. Forms load lazily, so zod stays out of the first page load.
 */
export const formResolver = zodResolver;
