import './styles/global.css';

// Evaluating the console's modules takes most of a second on a slow tablet. Chromium runs module
// scripts that have already loaded before its first paint, so the boot header of index.html would
// wait for them: one frame paints it first. The chunks are fetched meanwhile, since vite.config.ts
// preloads them from the page.
requestAnimationFrame(() => {
  setTimeout(() => {
    import('./app/mount.js')
      .then(({ mountApp }) => mountApp(document))
      .catch((error: unknown) => {
        // The console's code is out of reach (offline, or a deploy between page and chunk).
        console.error(error);
        // A page of its own (main landmark, one h1), as every screen of the console is.
        const page = document.createElement('main');
        page.className = 'boot-failed';
        const title = document.createElement('h1');
        title.textContent = 'Waybill Admin';
        const notice = document.createElement('p');
        notice.setAttribute('role', 'alert');
        notice.textContent = 'The console could not load. Check the connection, then reload the page.';
        page.append(title, notice);
        document.getElementById('root')?.append(page);
      });
  });
});
