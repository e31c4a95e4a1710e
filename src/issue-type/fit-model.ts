import { CLASS_COUNT, scoreHashed, softmax, type HashedFeatures, type IssueTypeModel } from "./issue-type-model.js";

/** One labelled issue for fitting: its hashed features, its class (index into ISSUE_TYPE_NAMES) and its weight. */
export interface TrainingExample {
  readonly x: HashedFeatures;
  readonly label: number;
  readonly weight: number;
  /** The project it comes from (0 … `FitOptions.projects` − 1), for the per-project class biases. */
  readonly project?: number;
}

/** How {@link fitIssueTypeModel} fits. */
export interface FitOptions {
  /** Hash bits of the model (ignored with `prior`, whose bits are kept). */
  readonly bits: number;
  /** L2 penalty on the weights' distance from the prior's (from 0 without one), per unit of total example weight. */
  readonly l2: number;
  /** Full-batch Adam steps. */
  readonly steps: number;
  /** Adam's step size. */
  readonly learningRate: number;
  /**
   * A fitted model to adapt: its weights are the starting point and the centre of the penalty, so the examples move
   * the weights only as far as they have evidence for (a repository's own labelled issues). Absent: fit from zero.
   */
  readonly prior?: IssueTypeModel;
  /** The temperature of the result (default the prior's, or 1). */
  readonly temperature?: number;
  /**
   * Fit a class bias per project (examples' `project`) besides the shared one, unpenalised, and leave them out of the
   * result: what a project's own mix of kinds explains (10 of 12 training projects have no questions, 7 no bugs) is
   * then not learnt by the words, which must tell kinds apart within each project. The shared bias is refitted
   * afterwards with the weights fixed ({@link fitClassBias}), since alone it no longer says the classes' balance.
   */
  readonly projects?: number;
}

/**
 * Fits softmax regression by full-batch Adam on weighted cross-entropy plus an L2 penalty towards the prior. Only
 * the buckets the examples touch are fitted; the rest keep the prior's weights. Deterministic. Pure.
 */
export function fitIssueTypeModel(examples: readonly TrainingExample[], options: FitOptions): IssueTypeModel {
  const bits = options.prior?.bits ?? options.bits;
  const local = new Map<number, number>();
  for (const e of examples) for (const b of e.x.index) if (!local.has(b)) local.set(b, local.size);
  const buckets = [...local.keys()];
  const n = buckets.length * CLASS_COUNT;
  const w0 = new Float64Array(n);
  if (options.prior) {
    buckets.forEach((b, i) => {
      const row = options.prior!.weights.get(b);
      if (row) for (let c = 0; c < CLASS_COUNT; c++) w0[i * CLASS_COUNT + c] = row[c];
    });
  }
  const w = Float64Array.from(w0);
  const bias = Float64Array.from(options.prior?.bias ?? new Array<number>(CLASS_COUNT).fill(0));
  const bias0 = Float64Array.from(bias);
  const projectBias = new Float64Array((options.projects ?? 0) * CLASS_COUNT);
  const gp = new Float64Array(projectBias.length);
  const mp = new Float64Array(projectBias.length);
  const vp = new Float64Array(projectBias.length);
  const locals = examples.map((e) => Uint32Array.from(e.x.index, (b) => local.get(b)!));
  const totalWeight = examples.reduce((s, e) => s + e.weight, 0) || 1;

  const g = new Float64Array(n);
  const gb = new Float64Array(CLASS_COUNT);
  const m = new Float64Array(n);
  const v = new Float64Array(n);
  const mb = new Float64Array(CLASS_COUNT);
  const vb = new Float64Array(CLASS_COUNT);
  const z = new Float64Array(CLASS_COUNT);
  const beta1 = 0.9;
  const beta2 = 0.999;
  for (let step = 1; step <= options.steps; step++) {
    for (let i = 0; i < n; i++) g[i] = options.l2 * (w[i] - w0[i]);
    // The prior's bias is evidence too: the same pull keeps an adapted model's class balance near the prior's.
    for (let c = 0; c < CLASS_COUNT; c++) gb[c] = options.prior ? options.l2 * (bias[c] - bias0[c]) : 0;
    gp.fill(0);
    examples.forEach((e, k) => {
      const idx = locals[k];
      const val = e.x.value;
      const pb = projectBias.length > 0 && e.project !== undefined ? e.project * CLASS_COUNT : -1;
      for (let c = 0; c < CLASS_COUNT; c++) z[c] = bias[c] + (pb >= 0 ? projectBias[pb + c] : 0);
      for (let j = 0; j < idx.length; j++) {
        const base = idx[j] * CLASS_COUNT;
        for (let c = 0; c < CLASS_COUNT; c++) z[c] += val[j] * w[base + c];
      }
      const p = softmax(z);
      const scale = e.weight / totalWeight;
      for (let c = 0; c < CLASS_COUNT; c++) {
        const d = (p[c] - (c === e.label ? 1 : 0)) * scale;
        gb[c] += d;
        if (pb >= 0) gp[pb + c] += d;
        if (d === 0) continue;
        for (let j = 0; j < idx.length; j++) g[idx[j] * CLASS_COUNT + c] += d * val[j];
      }
    });
    const lr = options.learningRate * Math.sqrt(1 - beta2 ** step) / (1 - beta1 ** step);
    for (let i = 0; i < n; i++) {
      m[i] = beta1 * m[i] + (1 - beta1) * g[i];
      v[i] = beta2 * v[i] + (1 - beta2) * g[i] * g[i];
      w[i] -= (lr * m[i]) / (Math.sqrt(v[i]) + 1e-8);
    }
    for (let c = 0; c < CLASS_COUNT; c++) {
      mb[c] = beta1 * mb[c] + (1 - beta1) * gb[c];
      vb[c] = beta2 * vb[c] + (1 - beta2) * gb[c] * gb[c];
      bias[c] -= (lr * mb[c]) / (Math.sqrt(vb[c]) + 1e-8);
    }
    for (let i = 0; i < projectBias.length; i++) {
      mp[i] = beta1 * mp[i] + (1 - beta1) * gp[i];
      vp[i] = beta2 * vp[i] + (1 - beta2) * gp[i] * gp[i];
      projectBias[i] -= (lr * mp[i]) / (Math.sqrt(vp[i]) + 1e-8);
    }
  }

  const weights = new Map<number, Float32Array>(options.prior ? options.prior.weights : []);
  buckets.forEach((b, i) => weights.set(b, Float32Array.from(w.subarray(i * CLASS_COUNT, (i + 1) * CLASS_COUNT))));
  const model = { bits, bias: [...bias], weights, temperature: options.temperature ?? options.prior?.temperature ?? 1 };
  return projectBias.length > 0 ? { ...model, bias: fitClassBias(examples, model) } : model;
}

/**
 * The class biases that minimise the examples' weighted cross-entropy with the model's weights held fixed (Newton-free
 * gradient descent on four numbers; convex). Deterministic. Pure.
 */
export function fitClassBias(examples: readonly TrainingExample[], model: IssueTypeModel): number[] {
  const scores = examples.map((e) => {
    const z = scoreHashed(model, e.x);
    for (let c = 0; c < CLASS_COUNT; c++) z[c] -= model.bias[c];
    return z;
  });
  const totalWeight = examples.reduce((s, e) => s + e.weight, 0) || 1;
  const bias = Float64Array.from(model.bias);
  const g = new Float64Array(CLASS_COUNT);
  const z = new Float64Array(CLASS_COUNT);
  for (let step = 0; step < 300; step++) {
    g.fill(0);
    scores.forEach((s, k) => {
      for (let c = 0; c < CLASS_COUNT; c++) z[c] = s[c] + bias[c];
      const p = softmax(z);
      for (let c = 0; c < CLASS_COUNT; c++) g[c] += (examples[k].weight / totalWeight) * (p[c] - (c === examples[k].label ? 1 : 0));
    });
    // The gradient's curvature is at most 1/2 per coordinate, so a step of 2 never overshoots.
    for (let c = 0; c < CLASS_COUNT; c++) bias[c] -= 2 * g[c];
  }
  return [...bias];
}

/**
 * The temperature that minimises the log-loss of held-out class scores (`scores[i]` of an example of class
 * `labels[i]`): dividing by it calibrates the probabilities. Golden-section search over [0.2, 10]. Pure.
 */
export function fitTemperature(scores: readonly ArrayLike<number>[], labels: readonly number[], weights?: readonly number[]): number {
  const loss = (t: number) => {
    let s = 0;
    scores.forEach((z, i) => {
      s -= (weights?.[i] ?? 1) * Math.log(Math.max(softmax(z, t)[labels[i]], 1e-12));
    });
    return s;
  };
  let lo = 0.2;
  let hi = 10;
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let k = 0; k < 60; k++) {
    const a = hi - phi * (hi - lo);
    const b = lo + phi * (hi - lo);
    if (loss(a) < loss(b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}
