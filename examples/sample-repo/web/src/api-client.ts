/** A thin client for the pantry web API. */
export interface StockLine {
  name: string;
  quantity: number;
  unit: string;
}

export class PantryClient {
  constructor(private readonly baseUrl: string) {}

  async fetchStock(): Promise<StockLine[]> {
    const response = await fetch(`${this.baseUrl}/stock`);
    if (!response.ok) throw new Error(`stock request failed: ${response.status}`);
    return (await response.json()) as StockLine[];
  }

  async addStock(line: StockLine): Promise<void> {
    const response = await fetch(`${this.baseUrl}/stock`, { method: "POST", body: JSON.stringify(line) });
    if (!response.ok) throw new Error(`add failed: ${response.status}`);
  }
}
