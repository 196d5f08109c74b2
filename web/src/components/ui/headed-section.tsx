import type { ReactNode } from 'react';

interface HeadedSectionProps {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  heading: ReactNode;
  level: 'h2' | 'h3';
  className: string;
  headingClassName: string;
  children: ReactNode;
}

/** A section named by its own heading (aria-labelledby), so a screen reader lists it by that name. */
export function HeadedSection({
  id,
  heading,
  level: Heading,
  className,
  headingClassName,
  children,
}: HeadedSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        {heading}
      </Heading>
      {children}
    </section>
  );
}
