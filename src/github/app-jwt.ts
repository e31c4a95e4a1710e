import { createSign } from "node:crypto";

/**
 * A GitHub App JSON Web Token (RS256, `iss` = App ID), valid 9 minutes from a minute ago (GitHub allows 10, and
 * clocks drift). Used for the App-level endpoints (webhook deliveries); never logged.
 */
export function createAppJwt(appId: string, privateKey: string, nowSeconds: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ alg: "RS256", typ: "JWT" })}.${encode({ iat: nowSeconds - 60, exp: nowSeconds + 540, iss: appId })}`;
  const signature = createSign("RSA-SHA256").update(unsigned).sign(privateKey).toString("base64url");
  return `${unsigned}.${signature}`;
}
