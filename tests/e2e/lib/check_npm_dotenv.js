// Reads back what tests/e2e/lib.bash's render_all wrote in the dotenv
// format with the real npm `dotenv` package, both its parsers (the default and
// {fast: true}), and compares with the values.
//
//     node check_npm_dotenv.js DOTENV_MODULE_DIR DIR [REFUSED...]
//
// REFUSED as for check_formats.py: hex values, or `invalid-utf8`.
'use strict'
const fs = require('fs')
const path = require('path')

const [moduleDir, dir, ...refusedArgs] = process.argv.slice(2)
const dotenv = require(moduleDir)
const refuseInvalidUtf8 = refusedArgs.includes('invalid-utf8')
const refused = new Set(refusedArgs.filter((r) => r !== 'invalid-utf8'))
const names = ['NEMO_GYM_OTEL_EXPORTER', 'OTEL_SERVICE_NAME']
let n = 0
let bad = 0
let nRefused = 0
const fail = (i, what) => { bad++; console.log(`FAIL [npm dotenv] value #${i}: ${what}`) }

for (; fs.existsSync(path.join(dir, `${n}.want`)); n++) {
  const file = (ext) => path.join(dir, `${n}.${ext}`)
  const want = fs.readFileSync(file('want'))
  const out = fs.readFileSync(file('out'))
  const err = fs.readFileSync(file('err'), 'utf8')
  const rc = Number(fs.readFileSync(file('rc'), 'utf8'))
  const invalidUtf8 = !Buffer.from(want.toString('utf8'), 'utf8').equals(want)
  if (refused.has(want.toString('hex')) || (refuseInvalidUtf8 && invalidUtf8)) {
    nRefused++
    if (rc !== 1 || out.length || !err.startsWith('gym-otel-env: error: ') ||
        !err.includes('cannot be written') || err.split('\n').length !== 2) {
      fail(n, `expected a refusal, got rc=${rc} stdout=${JSON.stringify(out.toString())} stderr=${err}`)
    }
    continue
  }
  if (rc !== 0) { fail(n, `rc=${rc} stderr=${err}`); continue }
  for (const options of [{}, { fast: true }]) {
    // What config() does: the file read as UTF-8 text, then parse().
    const got = dotenv.parse(out.toString('utf8'), options)
    for (const name of names) {
      if (name === 'OTEL_SERVICE_NAME' && want.length === 0) continue // not exported
      const value = got[name] === undefined ? undefined : Buffer.from(got[name], 'utf8')
      if (!value || !value.equals(want)) {
        fail(n, `${JSON.stringify(options)} ${name}: want ${JSON.stringify(want.toString())}, ` +
          `got ${JSON.stringify(got[name])} from ${JSON.stringify(out.toString())}`)
      }
    }
  }
}
if (n === 0) { console.log('no values rendered'); process.exit(1) }
console.log(`[npm dotenv] ${n} values, ${nRefused} refused as expected, ${bad} failures`)
process.exit(bad ? 1 : 0)
