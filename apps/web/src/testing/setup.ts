import { configure } from '@testing-library/react';

// React 19 renders the component tests (decision 152); on a busy 2-core machine a screen could take longer than
// Testing Library's default 1 s to show a message, and the test failed though nothing was wrong (issue #21:
// a flaky test is a failed one). Waits still end as soon as the text appears.
configure({ asyncUtilTimeout: 5_000 });
