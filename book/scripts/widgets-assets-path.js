// The Jupyter widgets HTML manager finds its icon fonts relative to the URL that
// require.js gives its module, "@jupyter-widgets/html-manager/dist/embed-amd", which
// in a static book points nowhere. Map that module path to the folder this script is
// served from (_static/widgets/), where the fonts are copied beside embed-amd.js.
(function () {
  var src = document.currentScript && document.currentScript.src;
  if (!src) return;
  var folder = src.slice(0, src.lastIndexOf("/"));
  window.__jupyter_widgets_assets_path__ = folder + "/";
  if (window.requirejs && window.requirejs.config) {
    window.requirejs.config({ paths: { "@jupyter-widgets/html-manager/dist": folder } });
  }
})();
