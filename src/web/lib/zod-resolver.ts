import '#shared/zod-setup.ts';

export { zodResolver } from '@hookform/resolvers/zod';
