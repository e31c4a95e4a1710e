import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { componentScript } from "../../src/index/symbols/component-script.js";
import { createSymbolExtractor, type SymbolExtractor } from "../../src/index/symbols/symbol-extractor.js";
import type { Language, SymbolInfo } from "../../src/index/types.js";

// Single-file components as their projects write them: a Vue 2 options-API list, a Vue 3 `<script setup lang="ts">`
// form, and a Svelte 4 component with props. Lines are the component's own: the pointer quotes them.

let extractor: SymbolExtractor;
before(async () => {
  extractor = await createSymbolExtractor();
});
after(() => extractor.dispose());

const show = (s: SymbolInfo): string => `${s.kind} ${s.qualifiedName} ${s.startLine}-${s.endLine}`;
/** The definitions alone: the windows over the script's other code are tested in extract-symbols.test.ts. */
const definitions = (text: string, language: Language): string[] =>
  extractor.extract(text, language).filter((s) => s.kind !== "window").map(show);

const TODO_LIST = `<template>
  <div class="todo-list">
    <input v-model="draft" @keyup.enter="addTodo" placeholder="What needs to be done?">
    <ul>
      <li v-for="todo in filteredTodos" :key="todo.id" :class="{ done: todo.done }">
        {{ todo.title }}
        <button @click="removeTodo(todo)">×</button>
      </li>
    </ul>
  </div>
</template>

<script>
import { uid } from '../util/uid'

export default {
  name: 'TodoList',
  props: {
    filter: { type: String, default: 'all' },
    initial: { type: Array, default: () => [] }
  },
  data() {
    return { todos: this.initial.slice(), draft: '' }
  },
  computed: {
    filteredTodos() {
      if (this.filter === 'all') return this.todos
      return this.todos.filter((t) => t.done === (this.filter === 'done'))
    }
  },
  watch: {
    todos: {
      handler(value) { localStorage.setItem('todos', JSON.stringify(value)) },
      deep: true
    }
  },
  methods: {
    addTodo() {
      const title = this.draft.trim()
      if (!title) return
      this.todos.push({ id: uid(), title, done: false })
      this.draft = ''
    },
    removeTodo: function (todo) {
      this.todos.splice(this.todos.indexOf(todo), 1)
    }
  }
}
</script>

<style scoped>
.done { text-decoration: line-through; }
</style>
`;

test("Vue options API: the options' functions and the entries of methods and computed are methods, on the component's lines", () => {
  assert.deepEqual(definitions(TODO_LIST, "vue"), [
    "method data 22-24",
    "method filteredTodos 26-29",
    "method addTodo 38-43",
    "method removeTodo 44-46",
  ]);
});

const LOGIN_FORM = `<script setup lang="ts">
import { ref, computed } from 'vue'
import type { Credentials } from '@/types'

interface Props {
  redirect?: string
}
const props = withDefaults(defineProps<Props>(), { redirect: '/' })
const emit = defineEmits<{ (e: 'submit', value: Credentials): void }>()

const email = ref('')
const password = ref('')
const canSubmit = computed(() => email.value.includes('@') && password.value.length >= 8)

function submitLogin(): void {
  if (!canSubmit.value) return
  emit('submit', { email: email.value, password: password.value })
}

const resetForm = () => {
  email.value = ''
  password.value = ''
}
</script>

<template>
  <form @submit.prevent="submitLogin">
    <input v-model="email" type="email">
    <input v-model="password" type="password">
    <button :disabled="!canSubmit">Sign in</button>
    <button type="button" @click="resetForm">Reset</button>
  </form>
</template>
`;

test("Vue <script setup lang=\"ts\">: TypeScript declarations and functions bound to const", () => {
  assert.deepEqual(definitions(LOGIN_FORM, "vue"), [
    "interface Props 5-7",
    "function submitLogin 15-18",
    "function resetForm 20-23",
  ]);
});

const COUNTER = `<script context="module">
  export function formatCount(n) {
    return n.toLocaleString()
  }
</script>

<script>
  import { createEventDispatcher } from 'svelte'

  export let count = 0
  export let step = 1
  let hovering = false
  const dispatch = createEventDispatcher()

  function increment() {
    count += step
    dispatch('change', { count })
  }
</script>

<button on:click={increment} on:mouseenter={() => (hovering = true)}>
  {formatCount(count)}
</button>
`;

test("Svelte: both script blocks, exported let props are properties, local state is not a symbol", () => {
  assert.deepEqual(definitions(COUNTER, "svelte"), [
    "function formatCount 2-4",
    "property count 10-10",
    "property step 11-11",
    "function increment 15-18",
  ]);
});

test("a template-only component keeps its line windows, and plain JavaScript keeps its own rules", () => {
  const templateOnly = "<template>\n  <p>{{ message }}</p>\n</template>\n";
  assert.deepEqual(extractor.extract(templateOnly, "vue").map(show), ["window lines 1-3 1-3"]);
  // An exported object in a .js module is not a component: its members stay unnamed, its lines one window.
  assert.deepEqual(extractor.extract("export default {\n  methods: { save() {} }\n}\n", "javascript").map(show), ["window lines 1-3 1-3"]);
  assert.equal(extractor.parses("vue"), true);
  assert.equal(extractor.parses("svelte"), true);
});

test("the script keeps its lines and columns; markup, comments and styles become blanks", () => {
  const text = "<template>\n  <a/>\n</template>\n<!-- <script>function old() {}</script> -->\n" +
    "<script lang=\"ts\">\nconst a: number = 1\n</script>\n<style>\np { color: red }\n</style>\n";
  const script = componentScript(text);
  assert.equal(script?.language, "typescript");
  assert.equal(script?.text.length, text.length);
  assert.deepEqual(script?.text.split("\n"), text.split("\n").map((line) => (line === "const a: number = 1" ? line : " ".repeat(line.length))));
  assert.equal(componentScript("<template><p/></template>"), undefined);
  assert.equal(componentScript("<script lang='tsx'>x</script><script setup lang=\"ts\">y</script>")?.language, "tsx");
});
