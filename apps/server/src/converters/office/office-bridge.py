#!/usr/bin/python3
"""Warm LibreOffice bridge (issue 14; spec 001 §2 office viewer; DESIGN.md converters).

Started by office-pool.ts with Debian's /usr/bin/python3 (python3-uno). It starts one headless
soffice with its own user profile, listening on a private pipe, connects to it over UNO and then
serves one conversion at a time, read as JSON lines on stdin and answered as JSON lines on stdout:

  → {"id": 1, "input": "/abs/in.docx", "output": "/abs/out.pdf", "filter": "auto"}
  ← {"id": 1, "ok": true}
  ← {"id": 1, "ok": false, "error": "encrypted" | "unreadable" | "export", "detail": "..."}

The first line it writes is {"ready": true, "pid": <soffice process group>} once soffice answers (or
{"ready": false, "detail": ...} and exit 3). When stdin closes (the Node process ended or killed
the bridge) it terminates soffice and exits, so no office process outlives the server; when soffice
dies it exits too (code 5), so a crashed office is replaced by the pool. A watchdog thread checks
twice a second that its parent is still the Node process (BIMDRIVE_PARENT_PID, else the first
parent): when that process died (kill -9, issue 15), even in the middle of a conversion, it kills
soffice's process group, removes its profile and exits (code 6), so no office process is left as an
orphan.
Spreadsheets are exported with every sheet scaled to the page width (ScaleToPagesX=1).
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time

import uno
import unohelper
from com.sun.star.beans import PropertyValue
from com.sun.star.task import XInteractionHandler

SOFFICE = os.environ.get("SOFFICE_BIN", "soffice")


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


class PasswordWatcher(unohelper.Base, XInteractionHandler):
    """Aborts every interaction and remembers whether a password was asked for."""

    def __init__(self):
        self.asked_password = False

    def handle(self, request):
        r = request.getRequest()
        if "Password" in type(r).__name__ or "PasswordRequest" in repr(r)[:300]:
            self.asked_password = True
        abort = uno.getTypeByName("com.sun.star.task.XInteractionAbort")
        conts = request.getContinuations()
        for c in conts:
            if c.queryInterface(abort):
                c.select()
                return
        if conts:
            conts[0].select()


def send(obj):
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def start_office(profile_dir, pipe_name):
    args = [
        SOFFICE,
        "--headless",
        "--invisible",
        "--nologo",
        "--norestore",
        "--nodefault",
        "--nolockcheck",
        "--nofirststartwizard",
        "-env:UserInstallation=" + uno.systemPathToFileUrl(profile_dir),
        "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe_name,
    ]
    # Its own process group (pgid = pid): soffice is a wrapper that starts soffice.bin, and the
    # whole group is what has to be killed.
    return subprocess.Popen(
        args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except Exception:
        pass


# Set once the bridge is ending on purpose, so soffice's death is not reported as a crash (exit 5).
stopping = threading.Event()


def watch_parent(proc, parent, profile_dir):
    """Kill soffice's group, remove its profile and exit as soon as the parent is gone (own thread)."""
    while True:
        if os.getppid() != parent:
            stopping.set()
            kill_group(proc)
            try:
                proc.wait(timeout=2)
            except Exception:
                pass
            time.sleep(0.2)  # soffice.bin (a child of the wrapper) may still be closing its files
            shutil.rmtree(profile_dir, ignore_errors=True)
            os._exit(6)
        time.sleep(0.5)


def connect(pipe_name, proc, deadline):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    url = "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe_name
    last = None
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("soffice exited with %s" % proc.returncode)
        try:
            ctx = resolver.resolve(url)
            smgr = ctx.ServiceManager
            return smgr.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        except Exception as e:  # NoConnectException while soffice starts
            last = e
            time.sleep(0.1)
    raise RuntimeError("soffice did not answer: %s" % last)


def export_filter(doc):
    if doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
        return "calc_pdf_Export"
    if doc.supportsService("com.sun.star.presentation.PresentationDocument"):
        return "impress_pdf_Export"
    if doc.supportsService("com.sun.star.drawing.DrawingDocument"):
        return "draw_pdf_Export"
    return "writer_pdf_Export"


def fit_sheets_to_width(doc):
    """Every sheet prints one page wide, as many pages tall as it needs."""
    styles = doc.getStyleFamilies().getByName("PageStyles")
    used = set()
    sheets = doc.getSheets()
    for i in range(sheets.getCount()):
        used.add(sheets.getByIndex(i).PageStyle)
    for name in used:
        if styles.hasByName(name):
            style = styles.getByName(name)
            style.ScaleToPagesX = 1
            style.ScaleToPagesY = 0


def convert(desktop, req):
    watcher = PasswordWatcher()
    url = uno.systemPathToFileUrl(req["input"])
    load_props = (
        prop("Hidden", True),
        prop("ReadOnly", True),
        prop("UpdateDocMode", 0),  # never update links from the network
        prop("MacroExecutionMode", 0),  # never run macros
        prop("InteractionHandler", watcher),
    )
    if req.get("filter") == "csv":
        # UTF-8 (76), comma separated, quoted fields, first line plain (CSV import filter options)
        load_props = load_props + (prop("FilterName", "Text - txt - csv (StarCalc)"), prop("FilterOptions", "44,34,76,1"))
    try:
        doc = desktop.loadComponentFromURL(url, "_blank", 0, load_props)
    except Exception as e:
        if watcher.asked_password:
            return {"ok": False, "error": "encrypted"}
        return {"ok": False, "error": "unreadable", "detail": str(e)[:300]}
    if doc is None:
        return {"ok": False, "error": "encrypted" if watcher.asked_password else "unreadable"}
    try:
        if doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
            fit_sheets_to_width(doc)
        out = uno.systemPathToFileUrl(req["output"])
        doc.storeToURL(out, (prop("FilterName", export_filter(doc)),))
        return {"ok": True}
    except Exception as e:
        return {"ok": False, "error": "export", "detail": str(e)[:300]}
    finally:
        try:
            doc.close(True)
        except Exception:
            pass


def main():
    profile_dir = sys.argv[1]
    pipe_name = sys.argv[2]
    os.makedirs(profile_dir, exist_ok=True)
    parent = int(os.environ.get("BIMDRIVE_PARENT_PID") or os.getppid())
    proc = start_office(profile_dir, pipe_name)
    threading.Thread(target=watch_parent, args=(proc, parent, profile_dir), daemon=True).start()
    try:
        desktop = connect(pipe_name, proc, time.time() + 60)
    except Exception as e:
        send({"ready": False, "detail": str(e)[:300]})
        kill_group(proc)
        sys.exit(3)
    # soffice dying (crash, OOM kill) ends the bridge too, so the pool starts a new pair for the next
    # job instead of talking to a dead office.
    def exit_with_office():
        proc.wait()
        if not stopping.is_set():
            os._exit(5)

    threading.Thread(target=exit_with_office, daemon=True).start()
    send({"ready": True, "pid": proc.pid})
    try:
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            req = json.loads(line)
            res = convert(desktop, req)
            res["id"] = req.get("id")
            send(res)
    finally:
        stopping.set()
        try:
            desktop.terminate()
        except Exception:
            pass
        try:
            proc.wait(timeout=5)
        except Exception:
            pass
        kill_group(proc)
        time.sleep(0.2)
        shutil.rmtree(profile_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
