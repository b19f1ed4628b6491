// Browser-test steps shared by the dashboard's Chromium tests.
import type { Page } from "playwright-core";

/**
 * The first sign-in of a user created with a one-time password: the sign-in form (by its labels,
 * submitted with Enter), the forced password change, and the home page it lands on.
 */
export async function firstSignIn(page: Page, baseUrl: string, email: string, oneTime: string, newPassword: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(oneTime);
  await page.getByLabel("Password").press("Enter");
  await page.waitForURL(/\/account\/password$/);
  await page.getByLabel("Current password").fill(oneTime);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("New password again").fill(newPassword);
  await page.getByRole("button", { name: "Save password" }).click();
  await page.waitForURL(baseUrl + "/?password=saved");
}
