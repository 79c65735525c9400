/**
 * Issue #34 (decision 179): the import graph has no circle, in the API, the web app and packages/shared, and each
 * layer imports only what is below it. `npm run lint` runs it (`npm run lint:imports` alone).
 *
 *   packages/shared            imports no app
 *   apps/api  lib, config      import no module
 *   apps/api  payments/        the provider port and its adapters: no module (the factory apart from the port)
 *   apps/api  modules/<domain> reads and transitions of one domain; no circle between them; only a module's routes
 *                              (the HTTP edge) call a workflow
 *   apps/api  workflows/       the order's lifecycle across domains (decision 215): place, pay, expire, cancel,
 *                              reconcile, invoices on account; they import modules, never the other way round
 *   apps/web  components/, lib/, config/  know no feature
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'An import circle: move what both sides need one layer down.', from: {}, to: { circular: true } },
    {
      name: 'shared-knows-no-app',
      severity: 'error',
      from: { path: '^packages/shared/src' },
      to: { path: '^apps/' },
    },
    {
      name: 'api-foundations-know-no-module',
      severity: 'error',
      from: { path: '^apps/api/src/(lib|config|payments)/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'api-foundations-know-no-workflow',
      severity: 'error',
      from: { path: '^apps/api/src/(lib|config|payments|db)/' },
      to: { path: '^apps/api/src/workflows/' },
    },
    {
      name: 'modules-know-no-workflow',
      severity: 'error',
      comment: 'A domain module does not start a workflow; its routes (the HTTP edge) may.',
      from: { path: '^apps/api/src/modules/', pathNot: '[.]routes[.]ts$' },
      to: { path: '^apps/api/src/workflows/' },
    },
    {
      name: 'web-shared-pieces-know-no-feature',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config)/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
  },
};
