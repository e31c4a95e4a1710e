/** Ambient types for wink-bm25-text-search 3.x (it ships none); only what the cross-check and the bench use. */
declare module "wink-bm25-text-search" {
  interface BM25Engine {
    defineConfig(c: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): boolean;
    definePrepTasks(tasks: ((x: any) => unknown)[], field?: string): number; // eslint-disable-line @typescript-eslint/no-explicit-any
    addDoc(doc: Record<string, unknown>, id: string | number): number;
    consolidate(fp?: number): boolean;
    search(text: string, limit?: number): [string, number][];
  }
  const bm25: () => BM25Engine;
  export default bm25;
}
