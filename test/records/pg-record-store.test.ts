import { openPgRecordStore } from "../../src/records/pg-record-store.js";
import { recordStoreContract } from "./record-store-contract.js";
import { dropSchemas, TEST_DATABASE_URL, uniqueSchema } from "./pg-test-schema.js";

// The same contract as the SQLite store, against PostgreSQL (DATABASE_URL), in a schema of its own dropped after.
recordStoreContract("PostgreSQL, one schema", async () => {
  const schema = uniqueSchema("records");
  return {
    open: () => openPgRecordStore({ connectionString: TEST_DATABASE_URL, schema }),
    cleanup: () => dropSchemas([schema]),
  };
});
