#!/usr/bin/python3
"""
One long-lived UNO client for one warm LibreOffice instance (src/engines/office/).

Run by Debian's /usr/bin/python3 (it has the `uno` module from python3-uno), never the pyenv python.
Node starts soffice.bin (own process group, own profile, own named pipe) and then this script with
`--pipe NAME --pid PID`. It connects, prints {"event": "ready"} and then answers one JSON line per request:

  {"id": 1, "op": "convert", "input": "/abs/in.docx", "output": "/abs/out.pdf", "format": "pdf",
   "filter": null | "writer_pdf_Export", "filterOptions": null | "UTF8",
   "filterData": null | {"PageRange": "1-2"}, "inputFilter": null | "...", "inputFilterOptions": null | "..."}
     -> {"id": 1, "ok": true, "family": "writer", "filter": "writer_pdf_Export"}
     -> {"id": 1, "ok": false, "kind": "load" | "export" | "format" | "disconnected" | "internal", "error": "..."}
  {"id": 2, "op": "ping"} -> {"id": 2, "ok": true, "open": 0}

Only stdout carries protocol lines; diagnostics go to stderr. When stdin closes (Node went away, even
by SIGKILL) the script kills the LibreOffice process group it was given, so nothing is left orphaned.
"""
import json
import os
import signal
import sys
import time
import traceback

import uno
from com.sun.star.beans import PropertyValue

NEVER_EXECUTE = 0  # com.sun.star.document.MacroExecMode.NEVER_EXECUTE
NO_UPDATE = 0  # com.sun.star.document.UpdateDocMode.NO_UPDATE

# Same values as filters.ts: CSV quotes only when needed, stores values as shown, no formulas; text is UTF-8, LF, no BOM.
CSV = '44,34,76,1,,0,false,true,false,false,false'
TSV = '9,34,76,1,,0,false,true,false,false,false'
TEXT = 'UTF8,LF,,,false'

# Default export filter per document family and target extension; options follow the filter name.
EXPORT_FILTERS = {
    'writer': {
        'pdf': ('writer_pdf_Export', None),
        'docx': ('MS Word 2007 XML', None),
        'doc': ('MS Word 97', None),
        'odt': ('writer8', None),
        'fodt': ('OpenDocument Text Flat XML', None),
        'rtf': ('Rich Text Format', None),
        'txt': ('Text (encoded)', TEXT),
        'html': ('HTML (StarWriter)', None),
        'htm': ('HTML (StarWriter)', None),
        'xhtml': ('XHTML Writer File', None),
        'epub': ('EPUB', None),
        'png': ('writer_png_Export', None),
        'jpg': ('writer_jpg_Export', None),
        'svg': ('writer_svg_Export', None),
    },
    'web': {
        'pdf': ('writer_web_pdf_Export', None),
        'html': ('HTML', None),
        'htm': ('HTML', None),
        'txt': ('Text (encoded) (StarWriter/Web)', TEXT),
        'odt': ('writerweb8_writer', None),
        'docx': ('MS Word 2007 XML', None),
        'png': ('writer_web_png_Export', None),
        'jpg': ('writer_web_jpg_Export', None),
    },
    'calc': {
        'pdf': ('calc_pdf_Export', None),
        'xlsx': ('Calc MS Excel 2007 XML', None),
        'xls': ('MS Excel 97', None),
        'ods': ('calc8', None),
        'fods': ('OpenDocument Spreadsheet Flat XML', None),
        'csv': ('Text - txt - csv (StarCalc)', CSV),
        'tsv': ('Text - txt - csv (StarCalc)', TSV),
        'txt': ('Text - txt - csv (StarCalc)', TSV),
        'html': ('HTML (StarCalc)', None),
        'htm': ('HTML (StarCalc)', None),
        'xhtml': ('XHTML Calc File', None),
        'png': ('calc_png_Export', None),
        'jpg': ('calc_jpg_Export', None),
        'svg': ('calc_svg_Export', None),
    },
    'impress': {
        'pdf': ('impress_pdf_Export', None),
        'pptx': ('Impress MS PowerPoint 2007 XML', None),
        'ppt': ('MS PowerPoint 97', None),
        'odp': ('impress8', None),
        'fodp': ('OpenDocument Presentation Flat XML', None),
        'png': ('impress_png_Export', None),
        'jpg': ('impress_jpg_Export', None),
        'svg': ('impress_svg_Export', None),
        'html': ('impress_html_Export', None),
        'odg': ('impress8_draw', None),
    },
    'draw': {
        'pdf': ('draw_pdf_Export', None),
        'odg': ('draw8', None),
        'fodg': ('OpenDocument Drawing Flat XML', None),
        'png': ('draw_png_Export', None),
        'jpg': ('draw_jpg_Export', None),
        'svg': ('draw_svg_Export', None),
        'html': ('draw_html_Export', None),
    },
}


def emit(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + '\n')
    sys.stdout.flush()


def log(text):
    sys.stderr.write('uno-worker: ' + text + '\n')
    sys.stderr.flush()


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def filter_data(data):
    """A JSON object as a FilterData sequence (nested objects become nested sequences)."""
    props = []
    for key, value in data.items():
        if isinstance(value, dict):
            value = filter_data(value)
        elif isinstance(value, float) and value.is_integer():
            value = int(value)
        props.append(prop(key, value))
    return uno.Any('[]com.sun.star.beans.PropertyValue', tuple(props))


def is_disconnect(error):
    name = type(error).__name__
    text = str(error)
    return (
        name == 'DisposedException'
        or 'Binary URP bridge' in text
        or 'bridge disposed' in text.lower()
        or 'Connection lost' in text
        or isinstance(error, (BrokenPipeError, ConnectionError))
    )


def describe(error):
    text = str(getattr(error, 'Message', '') or error).strip()
    text = ' '.join(text.split())
    return (type(error).__name__ + (': ' + text if text else ''))[:500]


def family_of(doc):
    checks = (
        ('com.sun.star.sheet.SpreadsheetDocument', 'calc'),
        ('com.sun.star.presentation.PresentationDocument', 'impress'),
        ('com.sun.star.drawing.DrawingDocument', 'draw'),
        ('com.sun.star.text.WebDocument', 'web'),
        ('com.sun.star.text.TextDocument', 'writer'),
    )
    for service, family in checks:
        try:
            if doc.supportsService(service):
                return family
        except Exception:
            pass
    return 'unknown'


class Worker:
    def __init__(self, pipe, pid):
        self.pipe = pipe
        self.pid = pid
        self.desktop = None

    def connect(self, deadline):
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext('com.sun.star.bridge.UnoUrlResolver', local)
        url = 'uno:pipe,name=%s;urp;StarOffice.ComponentContext' % self.pipe
        last = None
        while time.monotonic() < deadline:
            if self.pid and not alive(self.pid):
                raise RuntimeError('LibreOffice exited before accepting connections')
            try:
                ctx = resolver.resolve(url)
                smgr = ctx.ServiceManager
                self.desktop = smgr.createInstanceWithContext('com.sun.star.frame.Desktop', ctx)
                # Touch the desktop: the instance is ready only once it answers.
                self.desktop.getComponents()
                return
            except Exception as error:  # NoConnectException until soffice listens
                last = error
                time.sleep(0.05)
        raise RuntimeError('LibreOffice did not accept a UNO connection in time (%s)' % (describe(last) if last else 'no answer'))

    def warm_up(self, directory):
        """One small docx -> pdf round trip, so the first real job does not pay for loading the filters."""
        docx = os.path.join(directory, 'warm-up.docx')
        pdf = os.path.join(directory, 'warm-up.pdf')
        try:
            doc = self.desktop.loadComponentFromURL('private:factory/swriter', '_blank', 0, (prop('Hidden', True),))
            try:
                doc.getText().setString('Warm-up')
                doc.storeToURL(uno.systemPathToFileUrl(docx), (prop('FilterName', 'MS Word 2007 XML'), prop('Overwrite', True)))
            finally:
                close(doc)
            self.convert({'input': docx, 'output': pdf, 'format': 'pdf'})
        except Exception as error:
            if is_disconnect(error):
                raise
            log('warm-up failed: ' + describe(error))
        finally:
            for path in (docx, pdf):
                try:
                    os.remove(path)
                except OSError:
                    pass

    def ping(self, request):
        components = self.desktop.getComponents().createEnumeration()
        leaked = []
        while components.hasMoreElements():
            leaked.append(components.nextElement())
        for doc in leaked:  # a document left open by an interrupted job: close it, report it
            close(doc)
        return {'ok': True, 'open': len(leaked)}

    def load(self, request):
        url = uno.systemPathToFileUrl(request['input'])
        props = [
            prop('Hidden', True),
            prop('ReadOnly', True),
            prop('MacroExecutionMode', NEVER_EXECUTE),
            prop('UpdateDocMode', NO_UPDATE),
            prop('Silent', True),
        ]
        if request.get('inputFilter'):
            props.append(prop('FilterName', request['inputFilter']))
        if request.get('inputFilterOptions'):
            props.append(prop('FilterOptions', request['inputFilterOptions']))
        try:
            doc = self.desktop.loadComponentFromURL(url, '_blank', 0, tuple(props))
        except Exception as error:
            if is_disconnect(error):
                raise
            return None, {'ok': False, 'kind': 'load', 'error': describe(error)}
        if doc is None:
            if encrypted(request['input']):
                return None, {'ok': False, 'kind': 'load', 'error': 'the document is password-protected'}
            return None, {'ok': False, 'kind': 'load', 'error': 'LibreOffice could not open the file (unknown or damaged format)'}
        return doc, None

    def convert(self, request):
        doc, failure = self.load(request)
        if failure:
            return failure
        try:
            family = family_of(doc)
            fmt = request['format'].lower()
            name = request.get('filter')
            options = request.get('filterOptions')
            if not name:
                chosen = EXPORT_FILTERS.get(family, {}).get(fmt)
                if not chosen:
                    targets = ', '.join(sorted(EXPORT_FILTERS.get(family, {}).keys())) or 'none'
                    return {'ok': False, 'kind': 'format', 'family': family,
                            'error': 'a %s document cannot be converted to %s (possible: %s)' % (family_label(family), fmt, targets)}
                name, default_options = chosen
                if options is None:
                    options = default_options
            props = [prop('FilterName', name), prop('Overwrite', True)]
            if options:
                props.append(prop('FilterOptions', options))
            if request.get('filterData'):
                props.append(prop('FilterData', filter_data(request['filterData'])))
            if family == 'calc' and fmt in ('pdf', 'png', 'jpg', 'svg'):
                recalculate(doc)
            try:
                doc.storeToURL(uno.systemPathToFileUrl(request['output']), tuple(props))
            except Exception as error:
                if is_disconnect(error):
                    raise
                return {'ok': False, 'kind': 'export', 'family': family,
                        'error': 'LibreOffice could not write %s with filter "%s" from a %s document (%s)'
                                 % (fmt, name, family_label(family), describe(error))}
            return {'ok': True, 'family': family, 'filter': name}
        finally:
            close(doc)


def encrypted(path):
    """An ODF package with encrypted entries, or an OOXML file wrapped in an encrypted OLE container."""
    try:
        with open(path, 'rb') as f:
            head = f.read(8)
            if head[:4] == b'PK\x03\x04':
                import zipfile
                with zipfile.ZipFile(path) as z:
                    return b'encryption-data' in z.read('META-INF/manifest.xml')
            if head == b'\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1':
                f.seek(0)
                return 'EncryptedPackage'.encode('utf-16-le') in f.read(4 * 1024 * 1024)
    except Exception:
        return False
    return False


def family_label(family):
    return {
        'writer': 'text', 'web': 'web page', 'calc': 'spreadsheet', 'impress': 'presentation',
        'draw': 'drawing',
    }.get(family, family)


def recalculate(doc):
    try:
        doc.calculateAll()
    except Exception:
        pass


def close(doc):
    try:
        doc.close(True)
    except Exception:
        try:
            doc.dispose()
        except Exception:
            pass


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie still answers kill(0)
        with open('/proc/%d/stat' % pid) as f:
            return f.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except OSError:
        return True


def kill_office(pid):
    if not pid:
        return
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def serve(worker, args):
    try:
        worker.connect(time.monotonic() + float(option(args, '--connect-timeout', '60')))
        if '--warm-up' in args:
            worker.warm_up(option(args, '--warm-up', ''))
    except Exception as error:
        emit({'event': 'failed', 'error': describe(error)})
        return 1
    emit({'event': 'ready'})
    for raw in sys.stdin.buffer:
        line = raw.strip()
        if not line:
            continue
        request_id = None
        try:
            request = json.loads(line)
            request_id = request.get('id')
            op = request.get('op')
            if op == 'convert':
                reply = worker.convert(request)
            elif op == 'ping':
                reply = worker.ping(request)
            else:
                reply = {'ok': False, 'kind': 'internal', 'error': 'unknown op %r' % op}
        except Exception as error:
            if is_disconnect(error):
                reply = {'ok': False, 'kind': 'disconnected', 'error': describe(error)}
            else:
                log(traceback.format_exc())
                reply = {'ok': False, 'kind': 'internal', 'error': describe(error)}
        if not reply.get('ok') and reply.get('kind') != 'disconnected' and worker.pid and not alive(worker.pid):
            # LibreOffice died under the request: whatever the bridge raised first (an export error, say), the instance
            # is gone, and the document is not to blame.
            reply = {'ok': False, 'kind': 'disconnected', 'error': 'LibreOffice exited during the request (%s)' % reply.get('error', '')}
        reply['id'] = request_id
        emit(reply)
        if reply.get('kind') == 'disconnected':
            break
    return 0


def option(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def main():
    args = sys.argv[1:]
    pid = int(option(args, '--pid', '0'))
    signal.signal(signal.SIGTERM, lambda *_: (kill_office(pid), os._exit(0)))
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a terminal's Ctrl-C reaches Node, which closes the pool
    try:
        return serve(Worker(option(args, '--pipe', ''), pid), args)
    except BaseException:  # e.g. BrokenPipeError: Node went away while we were starting or converting
        return 1
    finally:
        # stdin closed, stdout broken or the bridge died: leave nothing behind.
        kill_office(pid)


if __name__ == '__main__':
    sys.exit(main())
