// jest-dom's matchers (toBeInTheDocument, toHaveTextContent, toBeDisabled …) for every web test (ADR 0044).
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Lazy routes and steps load their code on first render; on a busy two-core CI machine that can
// take longer than testing-library's 1 s default for `findBy…`. The assertions are unchanged.
configure({ asyncUtilTimeout: 5_000 });
