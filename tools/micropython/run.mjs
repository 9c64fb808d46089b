// Runs Python code under the real MicroPython (the official WebAssembly port) with Boardlight's
// Pico firmware on its path.
//
//   node run.mjs [--heapsize BYTES] [--firmware DIR] --serve
//   node run.mjs [--heapsize BYTES] [--firmware DIR] SCRIPT.py...
//
// At start it copies every .py file of the firmware directory (default
// ../../firmware_bridge/firmware, less the development machine's __init__.py) to /firmware in
// MicroPython's filesystem, and vpico.py beside this file (a virtual Pico circuit in
// MicroPython) to /harness; both go on sys.path.
//
// --serve: one JSON request a line on stdin, one JSON answer a line on stdout, in order:
//   {"exec": "code"}  runs the code in __main__            -> {"ok": true, "out": [lines]}
//   {"eval": "expr"}  evaluates it in __main__, as JSON    -> {"ok": true, "out": [...], "value": v}
//   {"repeat": "expr", "times": N}  calls the function expr names, with no arguments, up to N
//                     times or until it returns something true; each call is a top-level
//                     call into MicroPython                -> {"ok": true, "out": [...], "value": calls}
//   on an exception: {"ok": false, "out": [...], "type": "ValueError", "error": "Traceback ..."}
//   Globals persist from one request to the next.  EOF on stdin ends the process.
// With scripts instead: runs them in order and prints one answer of the same shape (exit 1 on
// an exception).
//
// This port runs a garbage collection only at the top level, after a call from JS into
// MicroPython returns (it cannot scan the WebAssembly stack for roots): gc.collect() inside
// Python code only asks for one.  A request runs its code in one top-level call, so the heap is
// collected between requests and, with "repeat", between the calls.
//
// "out" holds the lines MicroPython printed (print(), micropython.mem_info()).  The heap starts
// at --heapsize bytes (default 196608, about what a Pico's MicroPython has); this port grows it
// when a collection cannot free enough, which mem_info()'s "GC: total" shows.

import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = "@micropython/micropython-webassembly-pyscript";

function usage(message) {
  process.stderr.write(`run.mjs: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = {
    heapsize: 196608,
    firmware: path.resolve(HERE, "..", "..", "firmware_bridge", "firmware"),
    serve: false,
    scripts: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--serve") opts.serve = true;
    else if (arg === "--heapsize" || arg === "--firmware") {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      const value = argv[++i];
      if (arg === "--heapsize") {
        opts.heapsize = Number.parseInt(value, 10);
        if (!(opts.heapsize > 0)) usage(`bad --heapsize ${value}`);
      } else opts.firmware = path.resolve(value);
    } else if (arg.startsWith("--")) usage(`unknown option ${arg}`);
    else opts.scripts.push(arg);
  }
  if (opts.serve === (opts.scripts.length > 0)) usage("give --serve or scripts to run (not both)");
  return opts;
}

async function loadPackage() {
  try {
    return await import(PACKAGE);
  } catch (err) {
    process.stderr.write(`run.mjs: cannot load ${PACKAGE} (${err.message}); run 'npm ci' in ` +
                         `${HERE} or 'python3 bootstrap.py test'\n`);
    process.exit(3);
  }
}

function copyDir(FS, from, to, keep) {
  FS.mkdir(to);
  for (const name of fs.readdirSync(from).sort()) {
    if (keep(name)) FS.writeFile(`${to}/${name}`, fs.readFileSync(path.join(from, name)));
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { loadMicroPython } = await loadPackage();
  let out = [];
  const mp = await loadMicroPython({
    heapsize: opts.heapsize,
    stdout: (line) => out.push(line.replace(/\r$/, "")),
    stderr: (line) => out.push(line.replace(/\r$/, "")),
  });
  copyDir(mp.FS, opts.firmware, "/firmware", (n) => n.endsWith(".py") && n !== "__init__.py");
  copyDir(mp.FS, HERE, "/harness", (n) => n === "vpico.py");
  mp.runPython("import sys\nsys.path.insert(0, '/harness')\nsys.path.insert(0, '/firmware')\n" +
               "import json as _bl_json\n");

  function run(request) {
    out = [];
    try {
      if (typeof request.eval === "string") {
        mp.globals.set("_bl_src", request.eval);
        mp.runPython("_bl_value = _bl_json.dumps(eval(_bl_src))");
        const value = JSON.parse(mp.globals.get("_bl_value"));
        mp.runPython("_bl_value = _bl_src = None");
        return { ok: true, out, value };
      }
      if (typeof request.repeat === "string") {
        mp.globals.set("_bl_src", request.repeat);
        mp.runPython("_bl_fn = eval(_bl_src)\n_bl_src = None");
        const fn = mp.globals.get("_bl_fn");
        mp.runPython("_bl_fn = None");
        const times = request.times ?? 1;
        let calls = 0;
        while (calls < times) {
          calls++;
          if (fn()) break;
        }
        return { ok: true, out, value: calls };
      }
      if (typeof request.exec !== "string") {
        throw new Error("a request needs 'exec', 'eval' or 'repeat'");
      }
      mp.runPython(request.exec);
      return { ok: true, out };
    } catch (err) {
      const type = err.type || err.constructor.name;
      return { ok: false, out, type, error: err.message };
    }
  }

  if (!opts.serve) {
    const lines = [];
    for (const script of opts.scripts) {
      const answer = run({ exec: fs.readFileSync(script, "utf8") });
      lines.push(...answer.out);
      if (!answer.ok) {
        process.stdout.write(JSON.stringify({ ...answer, out: lines }) + "\n");
        process.exit(1);
      }
    }
    process.stdout.write(JSON.stringify({ ok: true, out: lines }) + "\n");
    return;
  }
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line.trim()) continue;
    let answer;
    try {
      answer = run(JSON.parse(line));
    } catch (err) {
      answer = { ok: false, out: [], type: "BadRequest", error: err.message };
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
  }
}

await main();
