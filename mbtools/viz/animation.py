"""Animations that play in a static HTML page: light frames, no network.

Matplotlib's ``to_jshtml`` embeds every frame as a full-colour PNG in the page and loads
the icons of its player from a public CDN. :func:`animation_html` keeps its player
(buttons, slider, loop modes) and changes two things:

* every frame is re-encoded as a palette PNG of at most ``colors`` colours, the palette
  taken from the first frame so that the colours stay the same from frame to frame (line
  drawings lose nothing visible at 64 colours, and the frames become three to four times
  lighter);
* the Font Awesome icons of the buttons become plain text symbols.

Example
-------
>>> import numpy as np
>>> import matplotlib.pyplot as plt
>>> from matplotlib.animation import FuncAnimation
>>> fig, ax = plt.subplots(figsize=(2, 2), dpi=50)
>>> (line,) = ax.plot([0, 1], [0, 0])
>>> anim = FuncAnimation(fig, lambda k: line.set_ydata([0, k]), frames=3)
>>> plt.close(fig)
>>> html = animation_html(anim).data
>>> frames = embedded_frames(html)
>>> len(frames), all(frame.mode == "P" for frame in frames)
(3, True)
>>> "font-awesome" in html
False
"""

from __future__ import annotations

import base64
import io
import re

from matplotlib.animation import FuncAnimation
from PIL import Image

# Matplotlib's player loads Font Awesome 4 from a public CDN for its button icons; a
# static page must not. The buttons get plain text symbols instead.
PLAYER_ICONS = {
    "fa fa-minus": "−",
    "fa fa-fast-backward": "|◀◀",
    "fa fa-step-backward": "|◀",
    "fa fa-play fa-flip-horizontal": "◀",
    "fa fa-pause": "❚❚",
    "fa fa-play": "▶",
    "fa fa-step-forward": "▶|",
    "fa fa-fast-forward": "▶▶|",
    "fa fa-plus": "+",
}

# one frame of to_jshtml's player: frames[k] = "data:image/png;base64,…" (the base64
# text broken into lines, each ending in a backslash)
FRAME = re.compile(r'(frames\[\d+\] = "data:image/png;base64,)([A-Za-z0-9+/=\\\n]+)(")')


def palette_png(png: bytes, palette: Image.Image | None = None, colors: int = 64) -> tuple[bytes, Image.Image]:
    """A PNG re-encoded with an indexed palette.

    Parameters
    ----------
    png : bytes
        The PNG file as matplotlib wrote it.
    palette : PIL.Image.Image, optional
        A palette image (mode ``"P"``) to map the colours to; without it, a palette of at
        most ``colors`` colours is chosen from this image (median cut).
    colors : int
        The size of the palette chosen when none is given.

    Returns
    -------
    bytes, PIL.Image.Image
        The new PNG, and the palette image used (pass it for the next frames).
    """
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if palette is None:
        indexed = image.quantize(colors=colors, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        palette = indexed
    else:
        indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", optimize=True)
    return out.getvalue(), palette


def lighten_frames(html: str, colors: int = 64) -> str:
    """The player's HTML with every embedded PNG frame re-encoded by :func:`palette_png`,
    all with the palette of the first frame."""
    palette = None

    def reencode(match: re.Match) -> str:
        nonlocal palette
        png = base64.b64decode(match.group(2).replace("\\\n", ""))
        light, palette = palette_png(png, palette, colors)
        return match.group(1) + base64.b64encode(light).decode("ascii") + match.group(3)

    return FRAME.sub(reencode, html)


def embedded_frames(html: str) -> list[Image.Image]:
    """The frames a player's HTML embeds, as images (what a test looks at)."""
    return [Image.open(io.BytesIO(base64.b64decode(m.group(2).replace("\\\n", ""))))
            for m in FRAME.finditer(html)]


def animation_html(anim: FuncAnimation, default_mode: str = "loop", colors: int = 64):
    """The animation as self-contained HTML for display: matplotlib's player with its
    frames embedded as palette PNGs of ``colors`` colours, and no network request."""
    from IPython.display import HTML

    html = lighten_frames(anim.to_jshtml(default_mode=default_mode), colors)
    html = re.sub(r"<link[^>]*font-awesome[^>]*>", "", html)
    for icon, symbol in PLAYER_ICONS.items():
        html = html.replace(f'<i class="{icon}"></i>', symbol)
    if "font-awesome" in html or '<i class="fa' in html or not FRAME.search(html):
        raise RuntimeError("matplotlib's animation player changed: update mbtools.viz.animation")
    return HTML(html)
