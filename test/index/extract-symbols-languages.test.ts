import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createSymbolExtractor, type SymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import type { Language, SymbolInfo } from "../../src/index/types.js";

// One small source per construct that issue 10 asked to check in every language the indexer claims: each is a
// shape seen in the multi-language development set's trees (bytes' `impl Buf for …`, fmt's out-of-line
// `detail::buffer<Char>::push_back`, dayjs' prototype methods, express' `module.exports = { … }`).

let extractor: SymbolExtractor;
before(async () => {
  extractor = await createSymbolExtractor();
});
after(() => extractor.dispose());

const show = (s: SymbolInfo): string => `${s.kind} ${s.qualifiedName} ${s.startLine}-${s.endLine}`;

/** The definitions of `source` (windows over the code outside them are tested in extract-symbols.test.ts). */
function check(language: Language, source: string, expected: string[]): void {
  assert.deepEqual(extractor.extract(source, language).filter((s) => s.kind !== "window").map(show), expected);
}

test("Rust: macro_rules! macros, traits and their methods, trait impls qualified by the implementing type", () => {
  check("rust", `macro_rules! bail {
    ($e:expr) => { return Err($e.into()) };
}

pub trait Codec {
    fn encode(&self) -> Vec<u8>;
}

impl<T: Clone> Codec for Vec<T> {
    fn encode(&self) -> Vec<u8> {
        vec![]
    }
}

impl Buf for &[u8] {
    fn remaining(&self) -> usize { self.len() }
}
`, ["function bail 1-3", "trait Codec 5-7", "method Codec.encode 6-6", "method Vec.encode 10-12"]);
});

test("C++: namespaces add no scope, templates, out-of-line Foo::bar definitions keep their class", () => {
  check("cpp", `namespace fmt {
namespace detail {
template <typename Char>
class buffer {
 public:
  void push_back(Char c);
  size_t size() const { return size_; }
};
}  // namespace detail

template <typename Char>
void detail::buffer<Char>::push_back(Char c) {
}

int format_int::count_digits(unsigned n) {
  return 1;
}
}  // namespace fmt

void fmt::detail::vprint(int x) {
}
`, ["class buffer 3-8", "method buffer.size 7-7", "method detail.buffer.push_back 11-13", "method format_int.count_digits 15-17", "method fmt.detail.vprint 20-21"]);
});

test("Go: methods are qualified by their receiver type, pointer and generic receivers included", () => {
  check("go", `package a

type Pool[T any] struct{ items []T }

func (p *Pool[T]) Get() T { return p.items[0] }

func (s Server) Close() error { return nil }
`, ["struct Pool 3-3", "method Pool.Get 5-5", "method Server.Close 7-7"]);
});

test("Kotlin: extension functions by their own name, objects, companion members on their class, sealed and data classes", () => {
  check("kotlin", `package a

fun String.toSlug(): String = lowercase()

object Registry {
    fun register(name: String) {}
}

class Repo {
    companion object Factory {
        fun create(): Repo = Repo()
    }
    fun List<Int>.total(): Int = sum()
}

sealed class Result
data class Ok(val v: Int) : Result()
`, ["function toSlug 3-3", "class Registry 5-7", "method Registry.register 6-6", "class Repo 9-14", "method Repo.create 11-11", "method Repo.total 13-13", "class Result 16-16", "class Ok 17-17"]);
});

test("Java: records with compact constructors, enums with constructors and methods, annotation types and elements", () => {
  check("java", `package a;

public record Range(int lo, int hi) {
    public Range {
        if (lo > hi) throw new IllegalArgumentException();
    }
    public int length() { return hi - lo; }
}

enum Feature {
    AUTO_CLOSE(true);
    private final boolean on;
    Feature(boolean on) { this.on = on; }
    public boolean enabledByDefault() { return on; }
}

@interface JsonProperty {
    String value() default "";
}
`, ["class Range 3-8", "constructor Range.Range 4-6", "method Range.length 7-7", "enum Feature 10-15", "constructor Feature.Feature 13-13", "method Feature.enabledByDefault 14-14", "interface JsonProperty 17-19", "method JsonProperty.value 18-18"]);
});

test("JavaScript: module.exports objects, exports.x assignments and prototype methods", () => {
  check("javascript", `'use strict';

module.exports = {
  parse(text) { return text; },
  stringify: function (v) { return String(v); },
  format: (v) => v,
};

module.exports.isValid = function isValid(d) { return true; };
exports.clone = (d) => d;

Dayjs.prototype.add = function (n) { return this; };
const proto = Dayjs.prototype;
proto.subtract = function (n) { return this; };

function Dayjs(config) { this.$d = config; }
`, ["method parse 4-4", "function stringify 5-5", "function format 6-6", "function isValid 9-9", "function clone 10-10", "method Dayjs.add 12-12", "method proto.subtract 14-14", "function Dayjs 16-16"]);
});
