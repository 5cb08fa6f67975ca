import '../../shared/zod-setup';

export { zodResolver } from '@hookform/resolvers/zod';
