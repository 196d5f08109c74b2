interface SkeletonProps {
  className?: string;
}

/** A grey pulsing block standing in for content that is still loading; hidden from assistive technology. */
export function Skeleton({ className = '' }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none ${className}`}
    />
  );
}
