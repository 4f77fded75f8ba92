"""Every chapter offers its executed notebook for download (.ipynb).

The chapters are MyST notebooks (.md); myst-nb executes each into
``_build/jupyter_execute/<page>.ipynb``. This extension copies that notebook next to the
page's sources (``_sources/<page>.ipynb``) and names it in the page's context, where the
book theme's download menu lists it beside the .md and the .pdf. (The theme does the same
only when launch buttons are configured, which needs the repository's public address.)
"""

from __future__ import annotations

import shutil
from pathlib import Path


def offer_notebook(app, pagename, templatename, context, doctree) -> None:
    if "kernelspec" not in app.env.metadata.get(pagename, {}):
        return  # not a notebook page
    executed = Path(app.outdir).parent / "jupyter_execute" / f"{pagename}.ipynb"
    if not executed.is_file():
        return
    target = Path(app.outdir) / "_sources" / f"{pagename}.ipynb"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(executed, target)
    context["ipynb_source"] = f"{pagename}.ipynb"


def setup(app):
    # before the theme's header buttons (priority 501), which read ipynb_source
    app.connect("html-page-context", offer_notebook, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
