// mbplayer: a small three.js player for the motion of a spatial mechanism.
//
// Every <div class="mb-player"> of the page is turned into a 3-D view with its controls.
// The animation's data (written by mbtools.viz.player) is either inline, in a
// <script type="application/json"> inside the div, or at the URL of its data-src
// attribute. The div also holds a still image (<img class="mb-still">): it stays on
// screen where WebGL or JavaScript modules are unavailable, and it is what is printed.
//
// three.js is never fetched from the network unless the page asks for it: by default it
// is the copy served beside this file (../three/, vendored by book/scripts/assets.py).
// A page may name other locations before the player loads, as
//   globalThis.mbplayerThree = {three: URL of three.module.js, controls: URL of OrbitControls.js}
// (the book's CDN variant does, and so does the notebook snippet, with blob: URLs).
//
// The data (format "mbplayer/1"):
//   frames               number of poses per body
//   times                the value shown at each frame (time, or the swept input);
//                        the frames are played evenly
//   label, unit, decimals    how that value is written: "t = 0.50 s"
//   duration             seconds of playback at speed 1
//   up, view             the vertical axis ([0, 0, 1]); elevation and azimuth in degrees
//   bounds               [[x, y, z] min, [x, y, z] max] of everything drawn, all frames
//   origin               {center, scale}: how the positions of the poses are scaled
//   poses                base64 of little-endian int16, frame by frame, body by body:
//                        x, y, z (center + scale * value / 32767), then the quaternion
//                        x, y, z, w (value / 32767, normalised here)
//   bodies               [{name, color, shapes}], shapes in the body's own coordinates
//   ground               {axes: length, color, shapes} (shapes fixed in space)
//   trails               [{name, body, point, color}]: the path of a body's point
// Shapes: {type: "bar", a, b, radius}, {type: "sphere", at, radius},
//         {type: "box", at, size}, {type: "disc", at, normal, radius, thickness},
//         {type: "cone", at, normal, radius, height} (tip at `at`, pointing along normal).

const STYLE = `
.mb-player { position: relative; max-width: 760px; margin: 0.5em 0 1em; font-size: 0.85rem; }
.mb-player .mb-still { display: block; max-width: 100%; height: auto; }
.mb-player.mb-live .mb-still { display: none; }
.mb-player .mb-view { position: relative; border: 1px solid #d0d4da; border-radius: 4px; overflow: hidden; }
.mb-player canvas { display: block; width: 100%; touch-action: none; cursor: grab; }
.mb-player .mb-title { position: absolute; top: 6px; left: 10px; color: #333; pointer-events: none; }
.mb-player .mb-hint { position: absolute; bottom: 4px; right: 8px; color: #777; font-size: 0.75rem;
  pointer-events: none; }
.mb-player .mb-controls { display: flex; align-items: center; gap: 0.6em; padding: 0.4em 0.2em; flex-wrap: wrap; }
.mb-player .mb-controls button, .mb-player .mb-controls select { font: inherit; padding: 0.15em 0.6em;
  border: 1px solid #b8bec6; border-radius: 4px; background: #f6f7f9; color: #222; cursor: pointer; }
.mb-player .mb-controls button.mb-play { min-width: 5.5em; }
.mb-player .mb-controls input[type=range] { flex: 1 1 10em; min-width: 8em; }
.mb-player .mb-time { font-variant-numeric: tabular-nums; min-width: 7.5em; white-space: nowrap; }
.mb-player .mb-note { color: #777; font-size: 0.8rem; margin: 0.2em 0; }
@media print {
  .mb-player.mb-live .mb-still { display: block !important; }
  .mb-player .mb-view, .mb-player .mb-controls { display: none !important; }
}`;

const SPEEDS = [0.25, 0.5, 1, 2, 4];
let threePromise = null;

// three.js and OrbitControls, loaded once per page. OrbitControls imports the bare name
// 'three', which a page without an import map cannot resolve: its source is fetched and
// that import pointed at the three.js URL itself (so both share one three.js).
function loadThree() {
  if (!threePromise) {
    threePromise = (async () => {
      const where = globalThis.mbplayerThree || {
        three: new URL("../three/three.module.js", import.meta.url).href,
        controls: new URL("../three/OrbitControls.js", import.meta.url).href,
      };
      const THREE = await import(where.three);
      const source = await (await fetch(where.controls)).text();
      const pointed = source.replace(/from\s*['"]three['"]/g, `from ${JSON.stringify(where.three)}`);
      const url = URL.createObjectURL(new Blob([pointed], { type: "text/javascript" }));
      const { OrbitControls } = await import(url);
      return { THREE, OrbitControls };
    })();
  }
  return threePromise;
}

function webglAvailable() {
  try {
    return !!document.createElement("canvas").getContext("webgl2");
  } catch (error) {
    return false;
  }
}

function addStyle() {
  if (document.getElementById("mbplayer-style")) return;
  const style = document.createElement("style");
  style.id = "mbplayer-style";
  style.textContent = STYLE;
  document.head.appendChild(style);
}

async function readData(div) {
  const inline = div.querySelector('script[type="application/json"]');
  if (inline) return JSON.parse(inline.textContent);
  const response = await fetch(new URL(div.dataset.src, document.baseURI));
  if (!response.ok) throw new Error(`mbplayer: ${div.dataset.src}: HTTP ${response.status}`);
  return response.json();
}

function note(div, text) {
  const p = document.createElement("p");
  p.className = "mb-note";
  p.textContent = text;
  div.appendChild(p);
}

// Turn every player of the page (or of `root`) not yet turned; safe to call again.
export async function mountAll(root = document) {
  addStyle();
  const divs = [...root.querySelectorAll(".mb-player:not([data-mb-mounted])")];
  divs.forEach((div) => div.setAttribute("data-mb-mounted", ""));
  if (!divs.length) return [];
  if (!webglAvailable()) {
    divs.forEach((div) => note(div, "This browser shows no 3-D graphics (WebGL): a still image instead."));
    return [];
  }
  let three;
  try {
    three = await loadThree();
  } catch (error) {
    // e.g. a page opened from a file: browsers load no JavaScript modules from file: URLs
    console.warn("mbplayer: three.js did not load", error);
    divs.forEach((div) => note(div, "The 3-D view could not load (a page opened as a file? serve the "
      + "folder over HTTP, e.g. python -m http.server): a still image instead."));
    return [];
  }
  const players = [];
  for (const div of divs) {
    try {
      const player = new Player(div, await readData(div), three.THREE, three.OrbitControls);
      div.mbPlayer = player;
      players.push(player);
    } catch (error) {
      console.error("mbplayer:", error); // one bad animation leaves the others playing
      note(div, "This animation could not be shown: a still image instead.");
    }
  }
  return players;
}

// The poses, decoded: positions[k][b] and quaternions[k][b] as flat Float32Arrays.
function decodePoses(data) {
  const bytes = Uint8Array.from(atob(data.poses), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  const count = data.frames * data.bodies.length;
  const position = new Float32Array(3 * count);
  const rotation = new Float32Array(4 * count);
  const { center, scale } = data.origin;
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < 3; j++) position[3 * i + j] = center[j] + (scale * view.getInt16(14 * i + 2 * j, true)) / 32767;
    let norm = 0;
    for (let j = 0; j < 4; j++) {
      const value = view.getInt16(14 * i + 6 + 2 * j, true) / 32767;
      rotation[4 * i + j] = value;
      norm += value * value;
    }
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < 4; j++) rotation[4 * i + j] /= norm;
  }
  return { position, rotation };
}

class Player {
  constructor(div, data, THREE, OrbitControls) {
    this.div = div;
    this.data = data;
    this.THREE = THREE;
    this.poses = decodePoses(data);
    this.frame = 0;
    this.speed = 1;
    this.playing = false;
    this.buildScene();
    this.buildView(OrbitControls);
    this.buildControls();
    div.classList.add("mb-live");
    this.resize();
    new ResizeObserver(() => this.resize()).observe(this.view);
    this.setFrame(0);
  }

  // ---------------------------------------------------------------- the scene
  buildScene() {
    const T = this.THREE;
    const data = this.data;
    const [lo, hi] = data.bounds;
    this.center = new T.Vector3((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2);
    this.size = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) || 1;
    this.scene = new T.Scene();
    this.scene.background = new T.Color(0xf7f8fa);
    this.scene.add(new T.HemisphereLight(0xffffff, 0x8890a0, 1.6));
    this.camera = new T.PerspectiveCamera(35, 4 / 3, this.size / 100, this.size * 50);
    this.camera.up.set(...data.up);
    // a light that follows the camera, a little above and to its left: shading that
    // always shows the bars' roundness whichever way the reader turns them
    const lamp = new T.DirectionalLight(0xffffff, 1.8);
    lamp.position.set(-1, 1.5, 1);
    lamp.target.position.copy(this.center);
    this.camera.add(lamp);
    this.scene.add(lamp.target);
    this.scene.add(this.camera);
    this.addGround();
    this.bodies = data.bodies.map((body) => {
      const group = new T.Group();
      group.name = body.name;
      body.shapes.forEach((shape) => group.add(this.mesh(shape, body.color)));
      this.scene.add(group);
      return group;
    });
    this.trails = (data.trails || []).map((trail) => this.addTrail(trail));
  }

  mesh(shape, color) {
    const T = this.THREE;
    const material = new T.MeshPhongMaterial({ color, shininess: 60, specular: 0x333333 });
    const v = (p) => new T.Vector3(...p);
    let geometry;
    let mesh;
    if (shape.type === "bar" || shape.type === "disc" || shape.type === "cone") {
      // cylinders and cones are built along +y: turn +y onto the shape's axis
      const a = shape.type === "bar" ? v(shape.a) : v(shape.at);
      const axis = shape.type === "bar" ? v(shape.b).sub(a) : v(shape.normal).normalize();
      const length = shape.type === "bar" ? axis.length() : shape.type === "disc" ? shape.thickness : shape.height;
      geometry = shape.type === "cone"
        ? new T.ConeGeometry(shape.radius, length, 24)
        : new T.CylinderGeometry(shape.radius, shape.radius, length, shape.type === "bar" ? 16 : 32);
      mesh = new T.Mesh(geometry, material);
      const unit = axis.clone().normalize();
      mesh.quaternion.setFromUnitVectors(new T.Vector3(0, 1, 0), unit);
      if (shape.type === "bar") mesh.position.copy(a).addScaledVector(axis, 0.5);
      else if (shape.type === "disc") mesh.position.copy(a);
      else mesh.position.copy(a).addScaledVector(unit, -length / 2); // the tip at `at`
    } else if (shape.type === "sphere") {
      mesh = new T.Mesh(new T.SphereGeometry(shape.radius, 24, 16), material);
      mesh.position.copy(v(shape.at));
    } else if (shape.type === "box") {
      mesh = new T.Mesh(new T.BoxGeometry(...shape.size), material);
      mesh.position.copy(v(shape.at));
    } else {
      throw new Error(`mbplayer: unknown shape type ${shape.type}`);
    }
    return mesh;
  }

  // The ground: its frame (arrows x red, y green, z blue, labelled), a grid under
  // everything, and its own shapes (the pivots).
  addGround() {
    const T = this.THREE;
    const ground = this.data.ground || {};
    const length = ground.axes || this.size / 5;
    const origin = [0, 0, 0];
    ["x", "y", "z"].forEach((name, k) => {
      const color = ["#d32f2f", "#388e3c", "#1976d2"][k];
      const tip = [0, 0, 0];
      tip[k] = length;
      const axis = [0, 0, 0];
      axis[k] = 1;
      this.scene.add(this.mesh({ type: "bar", a: origin, b: tip, radius: length * 0.015 }, color));
      this.scene.add(this.mesh({ type: "cone", at: tip, normal: axis, radius: length * 0.05, height: length * 0.16 }, color));
      const label = this.textSprite(name, color);
      label.position.setComponent(k, length * 1.16);
      label.scale.setScalar(length * 0.2);
      this.scene.add(label);
    });
    // the grid: square, under the lowest point, as wide as the scene seen from above
    const up = new T.Vector3(...this.data.up);
    const k = [0, 1, 2].find((j) => up.getComponent(j) !== 0);
    const [lo, hi] = this.data.bounds;
    const wide = Math.max(...[0, 1, 2].filter((j) => j !== k).map((j) => hi[j] - lo[j])) * 1.25;
    const grid = new T.GridHelper(wide, 10, 0xb9bec6, 0xdfe2e6);
    grid.quaternion.setFromUnitVectors(new T.Vector3(0, 1, 0), up);
    grid.position.copy(this.center).setComponent(k, lo[k]);
    this.scene.add(grid);
    (ground.shapes || []).forEach((shape) => this.scene.add(this.mesh(shape, ground.color || "#666666")));
  }

  textSprite(text, color) {
    const T = this.THREE;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 64;
    const context = canvas.getContext("2d");
    context.fillStyle = color;
    context.font = "bold 48px sans-serif";
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillText(text, 32, 34);
    const texture = new T.CanvasTexture(canvas);
    texture.colorSpace = T.SRGBColorSpace;
    return new T.Sprite(new T.SpriteMaterial({ map: texture, depthTest: false }));
  }

  // A trail: the whole path of the point, faint, and the part travelled up to now.
  addTrail(trail) {
    const T = this.THREE;
    const { frames } = this.data;
    const path = new Float32Array(3 * frames);
    const local = new T.Vector3(...trail.point);
    const p = new T.Vector3();
    const q = new T.Quaternion();
    for (let k = 0; k < frames; k++) {
      const i = k * this.data.bodies.length + trail.body;
      q.fromArray(this.poses.rotation, 4 * i);
      p.copy(local).applyQuaternion(q).add(new T.Vector3().fromArray(this.poses.position, 3 * i));
      p.toArray(path, 3 * k);
    }
    const geometry = new T.BufferGeometry();
    geometry.setAttribute("position", new T.BufferAttribute(path, 3));
    const color = trail.color || "#555555";
    const whole = new T.Line(geometry, new T.LineBasicMaterial({ color, transparent: true, opacity: 0.3 }));
    const done = new T.Line(geometry.clone(), new T.LineBasicMaterial({ color }));
    this.scene.add(whole, done);
    return done;
  }

  // ---------------------------------------------------------------- the view
  buildView(OrbitControls) {
    const T = this.THREE;
    this.view = document.createElement("div");
    this.view.className = "mb-view";
    this.renderer = new T.WebGLRenderer({ antialias: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.view.appendChild(this.renderer.domElement);
    if (this.data.title) {
      const title = document.createElement("div");
      title.className = "mb-title";
      title.textContent = this.data.title;
      this.view.appendChild(title);
    }
    const hint = document.createElement("div");
    hint.className = "mb-hint";
    hint.textContent = "drag: turn · right-drag: move · click, then wheel: zoom";
    this.view.appendChild(hint);
    this.div.insertBefore(this.view, this.div.firstChild);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener("change", () => this.render());
    // the wheel zooms only after a click in the view, so that it still scrolls the page
    this.controls.enableZoom = false;
    const canvas = this.renderer.domElement;
    canvas.addEventListener("pointerdown", () => { this.controls.enableZoom = true; });
    canvas.addEventListener("pointerleave", () => { this.controls.enableZoom = false; });
    this.resetView();
  }

  // The camera where matplotlib's 3-D axes would put it: at the data's elevation and
  // azimuth about the up axis, far enough to see everything.
  resetView() {
    const T = this.THREE;
    const { elevation, azimuth } = this.data.view;
    const up = new T.Vector3(...this.data.up);
    const k = [0, 1, 2].find((j) => up.getComponent(j) !== 0);
    const first = new T.Vector3().setComponent((k + 1) % 3, 1);
    const second = new T.Vector3().setComponent((k + 2) % 3, 1);
    const e = (elevation * Math.PI) / 180;
    const a = (azimuth * Math.PI) / 180;
    const direction = first.multiplyScalar(Math.cos(e) * Math.cos(a))
      .addScaledVector(second, Math.cos(e) * Math.sin(a)).addScaledVector(up, Math.sin(e));
    const distance = (0.56 * this.size) / Math.sin((this.camera.fov * Math.PI) / 360);
    this.camera.position.copy(this.center).addScaledVector(direction, distance);
    this.controls.target.copy(this.center);
    this.controls.update();
  }

  resize() {
    const width = this.view.clientWidth || 600;
    const height = Math.round(Math.min(width * 0.66, 520));
    this.renderer.setSize(width, height);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.render();
  }

  render() {
    this.renderer.render(this.scene, this.camera);
  }

  // ---------------------------------------------------------------- the controls
  buildControls() {
    const data = this.data;
    const bar = document.createElement("div");
    bar.className = "mb-controls";
    this.playButton = this.button(bar, "▶ play", "Play or pause", () => this.toggle());
    this.slider = document.createElement("input");
    Object.assign(this.slider, { type: "range", min: 0, max: data.frames - 1, step: "any" });
    this.slider.setAttribute("aria-label", data.label || "time");
    this.slider.addEventListener("input", () => { this.pause(); this.setFrame(Number(this.slider.value)); });
    bar.appendChild(this.slider);
    this.label = document.createElement("output");
    this.label.className = "mb-time";
    bar.appendChild(this.label);
    const speed = document.createElement("select");
    speed.setAttribute("aria-label", "Playback speed");
    SPEEDS.forEach((s) => speed.add(new Option(`${s}×`, s, s === 1, s === 1)));
    speed.addEventListener("change", () => { this.speed = Number(speed.value); });
    bar.appendChild(speed);
    this.button(bar, "⟲ view", "Back to the first view", () => this.resetView());
    this.view.after(bar);
  }

  button(bar, text, title, action) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text;
    button.title = title;
    button.className = text.includes("play") ? "mb-play" : "";
    button.addEventListener("click", action);
    bar.appendChild(button);
    return button;
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  // Frames are played evenly, (frames - 1) of them in `duration` seconds at speed 1.
  play() {
    const last = this.data.frames - 1;
    if (this.playing || last < 1) return;
    if (this.frame >= last) this.frame = 0;
    this.playing = true;
    this.playButton.textContent = "❚❚ pause";
    let before = performance.now();
    const step = (now) => {
      if (!this.playing) return;
      const advance = ((now - before) / 1000) * this.speed * (last / this.data.duration);
      before = now;
      this.setFrame((this.frame + advance) % last); // loops
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }

  pause() {
    this.playing = false;
    this.playButton.textContent = "▶ play";
  }

  // Put every body where it is at frame `u` (a fraction between two frames: positions
  // interpolated linearly, rotations spherically), and write the value shown.
  setFrame(u) {
    const T = this.THREE;
    const { frames, times } = this.data;
    this.frame = Math.min(Math.max(u, 0), frames - 1);
    const lo = Math.floor(this.frame);
    const hi = Math.min(lo + 1, frames - 1);
    const f = this.frame - lo;
    const nb = this.data.bodies.length;
    const { position, rotation } = this.poses;
    const p = new T.Vector3();
    const q = new T.Quaternion();
    this.bodies.forEach((group, b) => {
      const i = lo * nb + b;
      const j = hi * nb + b;
      group.position.fromArray(position, 3 * i).lerp(p.fromArray(position, 3 * j), f);
      group.quaternion.fromArray(rotation, 4 * i).slerp(q.fromArray(rotation, 4 * j), f);
    });
    this.trails.forEach((line) => line.geometry.setDrawRange(0, lo + 1));
    this.slider.value = this.frame;
    const { label = "t", unit = "", decimals = 2 } = this.data;
    const value = times[lo] + f * (times[hi] - times[lo]);
    const written = value.toFixed(decimals);
    this.label.textContent = `${label} = ${written}${unit === "°" ? "°" : unit ? " " + unit : ""}`;
    this.render();
  }
}

mountAll();
