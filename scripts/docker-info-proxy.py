#!/usr/bin/env python3
"""A Unix-socket proxy in front of a Docker engine whose /info says other MemTotal and NCPU figures.

    docker-info-proxy.py LISTEN_SOCKET ENGINE_SOCKET MEM_TOTAL_BYTES NCPU

For the pictures of the demo (scripts/screenshots.sh): the test engines report the test machine's
memory, while the demo's contexts are 12 GiB Colima VMs. Everything is passed through byte for
byte except the two figures in /info's JSON, which are swapped for numbers of the same length (so
Content-Length and chunk sizes stay right); a figure of another length is left as it is.
"""
import asyncio
import os
import re
import sys

listen, engine, mem, ncpu = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]


def swap(data: bytes) -> bytes:
    def repl(value: str):
        return lambda m: m.group(1) + (value.encode() if len(value) == len(m.group(2)) else m.group(2))
    data = re.sub(rb'("MemTotal":)(\d+)', repl(mem), data)
    return re.sub(rb'("NCPU":)(\d+)', repl(ncpu), data)


async def pipe(reader, writer, change):
    try:
        while data := await reader.read(65536):
            writer.write(change(data) if change else data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        try:
            writer.write_eof() if writer.can_write_eof() else writer.close()
        except (OSError, RuntimeError):
            pass


async def serve(client_reader, client_writer):
    try:
        up_reader, up_writer = await asyncio.open_unix_connection(engine)
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(pipe(client_reader, up_writer, None), pipe(up_reader, client_writer, swap))
    client_writer.close()
    up_writer.close()


async def main():
    if os.path.exists(listen):
        os.unlink(listen)
    server = await asyncio.start_unix_server(serve, path=listen)
    async with server:
        await server.serve_forever()


asyncio.run(main())
