/**
 * Import rules for the web console. A feature (apps/web/src/features/<name>) is used by the app and
 * its routes, never by another feature: what two features share moves to src/components (UI),
 * src/hooks or src/lib, or the app composes them.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-feature-imports',
      comment:
        'A web feature imports only from itself and the shared folders (src/components, src/hooks, src/lib); move shared code there or compose the features in src/app.',
      severity: 'error',
      from: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: [
          // Left for the comment-editor work under way: this test also renders realtime's bulk comment
          // modal, a half that belongs in a test beside bulk-comment-modal. Remove once it moved.
          '^apps/web/src/features/order-detail/components/comment-editor-limit[.]test[.]tsx$',
        ],
      },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: '^apps/web/src/features/$1/',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
