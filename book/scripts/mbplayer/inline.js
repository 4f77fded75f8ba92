// The loader a notebook's snippet carries (mbtools.viz.player.player_html, inline=True):
// a live notebook cannot reach the book's _static folder, so the snippet brings the
// player and three.js along, gzipped and base64-encoded in the string atob reads (JSON:
// file name → source). They become blob: URLs once per page, three.module.js pointed
// at the blob of the core it imports, and the player mounts every player of the page.
if (!globalThis.mbplayerInline) {
  globalThis.mbplayerInline = (async () => {
    const bytes = Uint8Array.from(atob("__PAYLOAD__"), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    const files = JSON.parse(await new Response(stream).text());
    const url = (text) => URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
    const core = url(files["three/three.core.js"]);
    const three = url(files["three/three.module.js"].replace(/(['"])\.\/three\.core\.js\1/g, JSON.stringify(core)));
    globalThis.mbplayerThree = { three, controls: url(files["three/OrbitControls.js"]) };
    return import(url(files["mbplayer/player.js"]));
  })();
}
(await globalThis.mbplayerInline).mountAll();
