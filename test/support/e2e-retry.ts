// A browser journey's step is tried a second time when it fails: on CI's loaded 2-core machine a
// step that takes 2–7 s alone sometimes passes its limit, or meets a screen mid-transition, while the
// same step passes on every quiet run. A real defect fails both tries. The first failure is printed
// (logErrorsBeforeRetry) and `.ci/run` lists every retried step, so a flaky step stays in sight.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
