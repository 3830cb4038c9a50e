import { Button } from '@client/components/ui/button';
import { href } from '@shared/routes';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The way back from a page of the weekly cycle (spec §2: reflection, lane and settings each have one). The
 * quiet form sits above a page's heading; the button form ends a locked or empty state.
 */
export function BackToDashboard({
  label,
  variant = 'ghost',
}: {
  label: string;
  variant?: 'ghost' | 'secondary';
}) {
  const quiet = variant === 'ghost';
  return (
    <Button asChild variant={variant} size={quiet ? 'sm' : 'md'} className={quiet ? '-ml-3' : undefined}>
      <Link to={href('dashboard')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
