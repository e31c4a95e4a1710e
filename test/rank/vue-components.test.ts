import { test } from "node:test";
import assert from "node:assert/strict";
import { rankLexical } from "../../src/rank/signals/rank-lexical.js";
import { indexFixtureTree } from "./indexed-fixture-tree.js";

// A small Vue 2 app as the CLI of `vue create` lays it out: components with options-API scripts, a Vuex store
// whose mutations share the components' vocabulary, and the entry files.
const TODO_APP = {
  "package.json": `{
  "name": "todo-app",
  "version": "0.1.0",
  "private": true,
  "scripts": { "serve": "vue-cli-service serve", "build": "vue-cli-service build" },
  "dependencies": { "vue": "^2.6.14", "vuex": "^3.6.2" }
}
`,
  "README.md": "# todo-app\n\nA todo list: add todos, mark them done, filter by all / active / done, remove them.\n",
  "src/main.js": `import Vue from 'vue'
import App from './App.vue'
import store from './store'

new Vue({ store, render: (h) => h(App) }).$mount('#app')
`,
  "src/App.vue": `<template>
  <div id="app">
    <todo-filter v-model="filter" />
    <todo-list :filter="filter" />
  </div>
</template>

<script>
import TodoFilter from './components/TodoFilter.vue'
import TodoList from './components/TodoList.vue'

export default {
  name: 'App',
  components: { TodoFilter, TodoList },
  data() {
    return { filter: 'all' }
  }
}
</script>
`,
  "src/components/TodoFilter.vue": `<template>
  <nav class="filters">
    <a v-for="f in filters" :key="f" :class="{ selected: value === f }" @click="select(f)">{{ f }}</a>
  </nav>
</template>

<script>
export default {
  name: 'TodoFilter',
  props: { value: { type: String, default: 'all' } },
  data() {
    return { filters: ['all', 'active', 'done'] }
  },
  methods: {
    select(filter) {
      this.$emit('input', filter)
    }
  }
}
</script>
`,
  "src/components/TodoList.vue": `<template>
  <ul class="todo-list">
    <li v-for="(todo, index) in visibleTodos" :key="todo.id" :class="{ done: todo.done }">
      <input type="checkbox" :checked="todo.done" @change="toggleTodo(todo)">
      {{ todo.title }}
      <button class="destroy" @click="removeTodo(index)">×</button>
    </li>
  </ul>
</template>

<script>
import { mapState } from 'vuex'

export default {
  name: 'TodoList',
  props: { filter: { type: String, default: 'all' } },
  computed: {
    ...mapState(['todos']),
    visibleTodos() {
      if (this.filter === 'all') return this.todos
      return this.todos.filter((todo) => todo.done === (this.filter === 'done'))
    }
  },
  methods: {
    toggleTodo(todo) {
      this.$store.commit('update', { id: todo.id, done: !todo.done })
    },
    removeTodo(index) {
      this.$store.commit('remove', this.todos[index].id)
    }
  }
}
</script>

<style scoped>
.done { text-decoration: line-through; }
</style>
`,
  "src/store/index.js": `import Vue from 'vue'
import Vuex from 'vuex'

Vue.use(Vuex)

export default new Vuex.Store({
  state: { todos: [] },
  mutations: {
    add(state, title) {
      state.todos.push({ id: Date.now(), title, done: false })
    },
    update(state, { id, done }) {
      const todo = state.todos.find((t) => t.id === id)
      if (todo) todo.done = done
    },
    remove(state, id) {
      state.todos = state.todos.filter((todo) => todo.id !== id)
    }
  }
})
`,
};

const ISSUE = `Removing a todo while the list is filtered removes a different todo
With the filter set to "done", clicking × on a todo removes another one from the list. \`removeTodo\` in the
TodoList component looks the todo up by its index in the filtered list, not in all todos.`;

test("Vue: the component whose script method the issue names ranks first, and that method is the pointer", async (t) => {
  const { index } = await indexFixtureTree(t, TODO_APP);
  const files = rankLexical(index, ISSUE);
  assert.equal(files[0].path, "src/components/TodoList.vue", files.map((f) => f.path).join(", "));
  assert.equal(files[0].evidence.symbol?.qualifiedName, "removeTodo");
  assert.deepEqual([files[0].evidence.symbol?.startLine, files[0].evidence.symbol?.endLine], [28, 30]);
});
