import { test } from "node:test";
import assert from "node:assert/strict";
import { findDeclarationSubjects, type DeclarationCandidate } from "../../src/rank/lexical/declaration-subjects.js";
import { fileRole } from "../../src/rank/lexical/file-role.js";
import { detectLanguage } from "../../src/index/detect-language.js";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { indexFixtureTree } from "./indexed-fixture-tree.js";

/** Candidates as the index sees them: language and role from the path alone. */
function candidates(paths: readonly string[]): DeclarationCandidate[] {
  return paths.map((path) => {
    const language = detectLanguage(path);
    return { path, language, role: fileRole(path, language) };
  });
}

function pairsOf(paths: readonly string[]): string[] {
  const files = candidates(paths);
  return findDeclarationSubjects(files).map(([d, c]) => `${files[d].path} -> ${files[c].path}`);
}

test("declarations pair with the implementation beside them, and a types/ declaration with the one file it names", () => {
  assert.deepEqual(pairsOf([
    "package.json", "index.js", "index.d.ts",
    "lib/parse.js", "lib/parse.d.ts", "lib/parse.mjs",
    "dist/immutable.js", "dist/immutable.js.flow",
    // dayjs: hand-written declarations in types/, the plugin in src/plugin/<name>/index.js.
    "src/plugin/utc/index.js", "types/plugin/utc.d.ts", "types/index.d.ts", "src/index.js",
  ]), [
    "index.d.ts -> index.js",
    "lib/parse.d.ts -> lib/parse.js",
    "lib/parse.d.ts -> lib/parse.mjs",
    "dist/immutable.js.flow -> dist/immutable.js",
    "types/plugin/utc.d.ts -> src/plugin/utc/index.js",
  ]);
});

test("an ambiguous name, another package, a test or a declaration with nothing beside it pairs with nothing", () => {
  assert.deepEqual(pairsOf([
    // Two files fit `locale`, and the path below types/ cannot tell them apart.
    "types/locale.d.ts", "src/locale.js", "esm/locale.js",
    // `format` is defined in another package of the monorepo only.
    "packages/core/package.json", "packages/core/types/format.d.ts",
    "packages/cli/package.json", "packages/cli/src/format.js",
    // A declaration in a test folder is a type test, and a .d.ts beside TypeScript describes nothing.
    "test/types/index.d.ts", "src/app.ts", "src/globals.d.ts",
    // A declaration of a library the package uses (insomnia's types/nunjucks.d.ts) beside TypeScript of that name.
    "packages/app/package.json", "packages/app/types/nunjucks.d.ts", "packages/app/src/modes/nunjucks.ts",
  ]), []);
  // Read further up the declaration's path, two namesakes become one.
  assert.deepEqual(pairsOf(["types/plugin/utc.d.ts", "src/plugin/utc/index.js", "src/utc.js"]),
    ["types/plugin/utc.d.ts -> src/plugin/utc/index.js"]);
});

test("Flow definitions are declarations: demoted like .d.ts files, not ranked as code", () => {
  assert.equal(fileRole("type-definitions/immutable.js.flow", detectLanguage("type-definitions/immutable.js.flow")), "data");
  assert.equal(fileRole("src/index.js.flow", detectLanguage("src/index.js.flow")), "data");
  assert.equal(fileRole("src/flow.js", detectLanguage("src/flow.js")), "code");
});

// sindresorhus/pretty-bytes' shape: the implementation is an anonymous `module.exports = (number, options) => …`
// with terse names, the declarations beside it carry the documentation the reporter quotes, and the CLI's help text
// repeats the option names.
const PRETTY_BYTES = {
  "package.json": `{
	"name": "pretty-bytes",
	"version": "5.6.0",
	"description": "Convert bytes to a human readable string: 1337 → 1.34 kB",
	"license": "MIT",
	"bin": {"pretty-bytes": "cli.js"},
	"engines": {"node": ">=6"},
	"scripts": {"test": "xo && ava && tsd"},
	"files": ["index.js", "index.d.ts", "cli.js"],
	"keywords": ["pretty", "bytes", "byte", "filesize", "size", "file", "human", "humanized", "readable", "si", "data", "locale", "localization", "localized"],
	"devDependencies": {"ava": "^1.4.1", "tsd": "^0.7.2", "xo": "^0.24.0"}
}
`,
  "readme.md": `# pretty-bytes

> Convert bytes to a human readable string: \`1337\` → \`1.34 kB\`

Useful for displaying file sizes for humans.

## Install

\`\`\`
$ npm install pretty-bytes
\`\`\`

## Usage

\`\`\`js
const prettyBytes = require('pretty-bytes');

prettyBytes(1337);
//=> '1.34 kB'
\`\`\`

## API

### prettyBytes(number, options?)

#### options

##### bits

Format the number as bits instead of bytes.

##### binary

Format the number using the Binary Prefix instead of the SI Prefix.
`,
  "cli.js": `#!/usr/bin/env node
'use strict';
const getStdin = require('get-stdin');
const meow = require('meow');
const prettyBytes = require('.');

const cli = meow(\`
	Usage
	  $ pretty-bytes <number>
	  $ echo <number> | pretty-bytes

	Options
	  --bits    Format the number as bits instead of bytes
	  --binary  Use the binary prefix (KiB, MiB) instead of the SI prefix (kB, MB)
	  --signed  Include a plus sign for positive numbers
	  --locale  Localize the output, e.g. --locale=de

	Examples
	  $ pretty-bytes 1337
	  1.34 kB
	  $ pretty-bytes 1024 --binary
	  1 KiB
\`, {
	flags: {
		bits: {type: 'boolean'},
		binary: {type: 'boolean'},
		signed: {type: 'boolean'},
		locale: {type: 'string'}
	}
});

const run = input => {
	console.log(prettyBytes(Number(input), cli.flags));
};

const input = cli.input[0];
if (!input && process.stdin.isTTY) {
	console.error('Specify a number');
	process.exit(1);
}
if (input) {
	run(input);
} else {
	getStdin().then(run);
}
`,
  "index.js": `'use strict';

const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
const BIBYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'];
const BIT_UNITS = ['b', 'kbit', 'Mbit', 'Gbit', 'Tbit', 'Pbit', 'Ebit', 'Zbit', 'Ybit'];
const BIBIT_UNITS = ['b', 'kibit', 'Mibit', 'Gibit', 'Tibit', 'Pibit', 'Eibit', 'Zibit', 'Yibit'];

function toLocaleString(number, locale, options) {
	if (typeof locale === 'string' || Array.isArray(locale)) {
		return number.toLocaleString(locale, options);
	}
	if (locale === true || options !== undefined) {
		return number.toLocaleString(undefined, options);
	}
	return number;
}

module.exports = (number, options) => {
	if (!Number.isFinite(number)) {
		throw new TypeError(\`Expected a finite number, got \${typeof number}: \${number}\`);
	}
	options = Object.assign({bits: false, binary: false}, options);
	const UNITS = options.bits ? BIT_UNITS : (options.binary ? BIBYTE_UNITS : BYTE_UNITS);

	if (options.signed && number === 0) {
		return \` 0 \${UNITS[0]}\`;
	}
	const isNegative = number < 0;
	const prefix = isNegative ? '-' : (options.signed ? '+' : '');
	if (isNegative) {
		number = -number;
	}
	if (number < 1) {
		return prefix + toLocaleString(number, options.locale) + ' ' + UNITS[0];
	}
	const exponent = Math.min(Math.floor(options.binary ? Math.log(number) / Math.log(1024) : Math.log10(number) / 3), UNITS.length - 1);
	number /= Math.pow(options.binary ? 1024 : 1000, exponent);
	number = Number(number.toPrecision(3));
	return prefix + toLocaleString(number, options.locale) + ' ' + UNITS[exponent];
};
`,
  "index.d.ts": `declare namespace prettyBytes {
	interface Options {
		/**
		Include plus sign for positive numbers. If the difference is exactly zero a space character will be prepended instead for better alignment.

		@default false
		*/
		readonly signed?: boolean;

		/**
		- If \`false\`: Output won't be localized.
		- If \`true\`: Localize the output using the system/browser locale.
		- If \`string\`: Expects a [BCP 47 language tag](https://en.wikipedia.org/wiki/IETF_language_tag) (For example: \`en\`, \`de\`, …)
		- If \`string[]\`: Expects a list of [BCP 47 language tags](https://en.wikipedia.org/wiki/IETF_language_tag) (For example: \`en\`, \`de\`, …)

		@default false
		*/
		readonly locale?: boolean | string | readonly string[];

		/**
		Format the number as [bits](https://en.wikipedia.org/wiki/Bit) instead of [bytes](https://en.wikipedia.org/wiki/Byte). This can be useful when, for example, referring to [bit rate](https://en.wikipedia.org/wiki/Bit_rate).

		@default false

		@example
		\`\`\`
		import prettyBytes = require('pretty-bytes');

		prettyBytes(1337, {bits: true});
		//=> '1.34 kbit'
		\`\`\`
		*/
		readonly bits?: boolean;

		/**
		Format the number using the [Binary Prefix](https://en.wikipedia.org/wiki/Binary_prefix) instead of the [SI Prefix](https://en.wikipedia.org/wiki/SI_prefix). This can be useful for presenting memory amounts. However, this should not be used for presenting file sizes.

		@default false

		@example
		\`\`\`
		import prettyBytes = require('pretty-bytes');

		prettyBytes(1000, {binary: true});
		//=> '1000 bit'

		prettyBytes(1024, {binary: true});
		//=> '1 kiB'
		\`\`\`
		*/
		readonly binary?: boolean;
	}
}

/**
Convert bytes to a human readable string: \`1337\` → \`1.34 kB\`.

@param number - The number to format.

@example
\`\`\`
import prettyBytes = require('pretty-bytes');

prettyBytes(1337);
//=> '1.34 kB'

prettyBytes(100);
//=> '100 B'

// Display with units of bits
prettyBytes(1337, {bits: true});
//=> '1.34 kbit'

// Display file size differences
prettyBytes(42, {signed: true});
//=> '+42 B'

// Localized output using German locale
prettyBytes(1337, {locale: 'de'});
//=> '1,34 kB'
\`\`\`
*/
declare function prettyBytes(
	number: number,
	options?: prettyBytes.Options
): string;

export = prettyBytes;
`,
};

const BINARY_BITS_ISSUE = `binary option has no effect when bits is set
\`\`\`js
prettyBytes(1024, {bits: true, binary: true});
//=> '1.02 kbit'
\`\`\`
I expected \`1 kibit\`. The types say \`binary\` formats the number using the Binary Prefix instead of the SI Prefix, for presenting memory amounts, but with \`bits: true\` the SI prefix is used anyway.
`;

test("pretty-bytes: the declarations the issue quotes lift the implementation beside them over the CLI", async (t) => {
  const { index } = await indexFixtureTree(t, PRETTY_BYTES);
  const without = rankLexical(index, BINARY_BITS_ISSUE, { declarationSubjects: 0 }).map((f) => f.path);
  const files = rankLexical(index, BINARY_BITS_ISSUE);
  const ranked = files.map((f) => f.path);
  assert.equal(without[0], "cli.js", without.join(", "));
  assert.equal(ranked[0], "index.js", ranked.join(", "));
  // The comment says why, and the declaration itself stays demoted below both code files.
  assert.deepEqual(files[0].evidence.declarations, { path: "index.d.ts" });
  assert.equal(files.find((f) => f.path === "cli.js")?.evidence.declarations, undefined);
  assert.ok(ranked.indexOf("index.d.ts") > ranked.indexOf("cli.js"), ranked.join(", "));
});
