#!/usr/bin/env python3
"""A local HTTP server with fixed routes for tests/http/run.sh.

    server.py PORTFILE

Listens on 127.0.0.1 (a free port), writes the port to PORTFILE, serves
until killed. Every response is written by hand (status line and exactly
the headers listed), so outputs do not depend on the date or on Python's
Server header. Routes:

  /hello                 200 "hello, world"
  /utf8                  UTF-8 text with an invalid byte (decoded with U+FFFD)
  /echo                  method, path, selected request headers and the body
  /echo-names            the request's header names as sent, sorted
  /dir/.../to?loc=L      302 to L (as given: relative references resolve
                         against this path); other /dir/... paths answer
                         with their path and query
  /status/N              status N, body "status N"
  /headers               custom response headers (repeated, Latin-1 value)
  /redirect/N            302 to /redirect/N-1 (relative); /redirect/0: "redirect done"
  /abs-redirect/N        the same with absolute Location URLs
  /loop                  302 to itself
  /same, /r301, /r302, /r303, /r307, /r308
                         redirect (that status) to /echo on the same origin
  /cross                 302 to http://localhost:PORT/echo (another origin)
  /to-metadata           302 to http://169.254.169.254/latest/meta-data/
  /to-private            302 to http://10.0.0.1/
  /to-ftp                302 to ftp://127.0.0.1/x
  /to-file               302 to file:///etc/passwd (urllib returns the 302 itself)
  /no-location           302 without Location (returned as is)
  /big?n=N               N bytes of 'a'
  /big-utf8?n=N          N times 'é' (2 bytes each)
  /slow?ms=N             answers after N ms
  /stall                 sends headers and part of the body, then nothing
  /close                 closes the connection without a response
  /many-headers?n=N      N response headers
  /short                 Content-Length larger than the body
  /chunked               a chunked body
"""
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

PORT = 0


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def raw(self, status, reason, headers, body=b"", length=True):
        out = [f"HTTP/1.1 {status} {reason}\r\n".encode("latin-1")]
        for k, v in headers:
            out.append(k.encode("latin-1") + b": " + (v if isinstance(v, bytes) else v.encode("latin-1")) + b"\r\n")
        if length:
            out.append(f"Content-Length: {len(body)}\r\n".encode())
        out.append(b"Connection: close\r\n\r\n")
        self.wfile.write(b"".join(out))
        if self.command != "HEAD":
            self.wfile.write(body)
        self.close_connection = True

    def text(self, status, body, headers=(), reason="OK"):
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.raw(status, reason, [("Content-Type", "text/plain; charset=utf-8"), *headers], data)

    def redirect(self, status, location, body=b""):
        self.raw(status, "Redirect", [("Location", location)], body)

    def read_body(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n else b""

    def handle_any(self):
        parts = urlsplit(self.path)
        path, q = parts.path, parse_qs(parts.query)
        body = self.read_body()
        seg = path.strip("/").split("/")
        if path == "/hello":
            return self.text(200, "hello, world")
        if path == "/utf8":
            return self.text(200, "caf\u00e9 \u2713 ".encode() + b"\xff\xfe end \xe2\x82")
        if path == "/echo":
            lines = [f"{self.command} {self.path}"]
            for name in ("Host", "Authorization", "Cookie", "X-Test", "X-Api-Key", "Content-Type",
                         "Content-Length", "Accept-Encoding", "Connection"):
                for v in self.headers.get_all(name) or []:
                    lines.append(f"{name}: {v.replace(str(PORT), 'PORT')}")
            lines.append("body=" + body.decode("utf-8", "replace"))
            return self.text(200, "\n".join(lines))
        if path.startswith("/dir/"):
            if path.endswith("/to") and "loc" in q:
                return self.redirect(302, q["loc"][0])
            return self.text(200, f"{self.command} {self.path}")
        if path == "/echo-names":
            return self.text(200, " ".join(sorted(self.headers.keys())))
        if seg[0] == "status" and len(seg) == 2:
            n = int(seg[1])
            return self.text(n, f"status {n}", reason="Whatever")
        if path == "/headers":
            return self.raw(200, "OK", [("X-One", "1"), ("X-Multi", "a"), ("X-Multi", "b"),
                                        ("X-Latin", b"caf\xe9"), ("X-Spaces", "  padded  "),
                                        ("Content-Type", "text/plain")], b"with headers")
        if seg[0] in ("redirect", "abs-redirect") and len(seg) == 2:
            n = int(seg[1])
            if n == 0:
                return self.text(200, "redirect done")
            prefix = "" if seg[0] == "redirect" else f"http://127.0.0.1:{PORT}"
            return self.redirect(302, f"{prefix}/{seg[0]}/{n - 1}")
        if path == "/loop":
            return self.redirect(302, "/loop")
        if path == "/same":
            return self.redirect(302, "/echo")
        if path in ("/r301", "/r302", "/r303", "/r307", "/r308"):
            return self.redirect(int(path[2:]), "/echo?from=" + path[1:])
        if path == "/cross":
            return self.redirect(302, f"http://localhost:{PORT}/echo")
        if path == "/to-metadata":
            return self.redirect(302, "http://169.254.169.254/latest/meta-data/")
        if path == "/to-private":
            return self.redirect(302, "http://10.0.0.1/")
        if path == "/to-ftp":
            return self.redirect(302, "ftp://127.0.0.1/x")
        if path == "/to-file":
            return self.redirect(302, "file:///etc/passwd", b"redirect body")
        if path == "/no-location":
            return self.raw(302, "Found", [], b"no location")
        if path == "/big":
            return self.text(200, b"a" * int(q["n"][0]))
        if path == "/big-utf8":
            return self.text(200, "\u00e9" * int(q["n"][0]))
        if path == "/slow":
            time.sleep(int(q["ms"][0]) / 1000)
            return self.text(200, "slow done")
        if path == "/stall":
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial")
            self.wfile.flush()
            time.sleep(120)
            return
        if path == "/close":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if path == "/many-headers":
            n = int(q["n"][0])
            return self.raw(200, "OK", [(f"X-H{i}", str(i)) for i in range(n)], b"many")
        if path == "/short":
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\nonly this")
            self.close_connection = True
            return
        if path == "/chunked":
            self.wfile.write(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                             b"5\r\nhello\r\n7\r\n chunks\r\n0\r\n\r\n")
            self.close_connection = True
            return
        return self.text(404, "no such route", reason="Not Found")

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = handle_any


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass    # clients that stop reading (size limits) are expected


def main():
    global PORT
    server = Server(("127.0.0.1", 0), Handler)
    PORT = server.server_address[1]
    with open(sys.argv[1] + ".tmp", "w") as f:
        f.write(str(PORT))
    import os
    os.replace(sys.argv[1] + ".tmp", sys.argv[1])
    server.serve_forever()


if __name__ == "__main__":
    main()
