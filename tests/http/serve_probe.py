#!/usr/bin/env python3
"""serve_probe.py PORT: requests against programs/serve_app.geno, one block
per request: the raw response with the Date header removed and the port
replaced by PORT (the transcript run.sh compares)."""
import socket
import sys

PORT = int(sys.argv[1])
H = b"Host: 127.0.0.1:%d\r\n" % PORT


def exchange(raw):
    s = socket.create_connection(("127.0.0.1", PORT), timeout=20)
    s.sendall(raw)
    s.shutdown(socket.SHUT_WR)      # the server sees the end of what we send
    data = b""
    while True:
        try:
            d = s.recv(65536)
        except (ConnectionResetError, TimeoutError):
            break
        if not d:
            break
        data += d
    s.close()
    lines = [l for l in data.split(b"\r\n") if not l.startswith(b"Date: ")]
    return b"\r\n".join(lines).replace(str(PORT).encode(), b"PORT")


REQUESTS = [
    b"GET /echo?x=1&y=2 HTTP/1.1\r\n" + H + b"X-Test: a\r\nX-Multi: 1\r\nX-Multi: 2\r\n\r\n",
    b"POST /echo HTTP/1.1\r\n" + H + b"Content-Type: text/plain\r\nContent-Length: 11\r\n\r\nhello body!",
    b"PUT /echo HTTP/1.1\r\n" + H + b"Content-Length: 7\r\n\r\n\xc3\xa9t\xc3\xa9 !",
    b"DELETE /echo HTTP/1.1\r\n" + H + b"\r\n",
    b"GET //echo HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /json HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /teapot HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /odd-status HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /no-content HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /latin1 HTTP/1.1\r\n" + H + b"\r\n",
    # 404, and no 405: a path with another method is not found either
    b"GET /missing HTTP/1.1\r\n" + H + b"\r\n",
    b"POST /json HTTP/1.1\r\n" + H + b"Content-Length: 0\r\n\r\n",
    # handler results the server refuses: 500
    b"GET /no-content-body HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /managed HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /managed2 HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /bad-name HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /bad-value HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /bad-status HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /boom HTTP/1.1\r\n" + H + b"\r\n",
    # the server's own checks
    b"GET /echo HTTP/1.1\r\nHost: evil.example\r\n\r\n",
    b"GET /echo HTTP/1.1\r\n\r\n",
    b"GET /echo HTTP/1.1\r\n" + H + H + b"\r\n",
    b"GET /echo HTTP/1.1\r\nHost: LOCALHOST:%d\r\n\r\n" % PORT,
    b"POST /echo HTTP/1.1\r\n" + H + b"Content-Length: 1048577\r\n\r\n",
    b"POST /echo HTTP/1.1\r\n" + H + b"Content-Length: 99999999999\r\n\r\n",
    b"POST /echo HTTP/1.1\r\n" + H + b"Content-Length: -1\r\n\r\n",
    b"POST /echo HTTP/1.1\r\n" + H + b"Content-Length: 01\r\n\r\nx",
    b"POST /echo HTTP/1.1\r\n" + H + b"Content-Length: 1\r\nContent-Length: 1\r\n\r\nx",
    b"POST /echo HTTP/1.1\r\n" + H + b"Content-Length: 1, 1\r\n\r\nx",
    b"POST /echo HTTP/1.1\r\n" + H + b"Transfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n",
    b"POST /echo HTTP/1.1\r\n" + H + b"Content-Length: 2\r\n\r\n\xff\xfe",
    b"POST /echo HTTP/1.1\r\n" + H + b"Content-Length: 10\r\n\r\nshort",
    b"PATCH /echo HTTP/1.1\r\n" + H + b"\r\n",
    b"HEAD /echo HTTP/1.1\r\n" + H + b"\r\n",
    b"get /echo HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /echo HTTP/2.0\r\n" + H + b"\r\n",
    b"GET /echo HTTPX\r\n" + H + b"\r\n",
    b"GET /a /b HTTP/1.1\r\n" + H + b"\r\n",
    b"GET /echo\r\n\r\n",
    b"POST /echo\r\n\r\n",
    b"GET /echo HTTP/1.1\r\n" + H + b"".join(b"X-H%d: v\r\n" % i for i in range(100)) + b"\r\n",
    b"GET /echo HTTP/1.1\r\n" + H + b"X-Long: " + b"a" * 70000 + b"\r\n\r\n",
    b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n" + H + b"\r\n",
    b"\r\n",
    b"GET /echo?after=errors HTTP/1.1\r\n" + H + b"\r\n",
]

for i, raw in enumerate(REQUESTS):
    first = raw.split(b"\r\n", 1)[0][:60]
    sys.stdout.write("=== %d %r\n" % (i, first))
    sys.stdout.write(repr(exchange(raw)) + "\n")
