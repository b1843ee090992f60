export {
  createTestDatabase,
  createMigratedTestDatabase,
  type TestDatabase,
  type MigratedTestDatabase,
} from './test-database.js';
export { startTestApp, type TestApp, type TestAppName, type TestAppOptions } from './test-app.js';
export {
  newUser,
  newAccount,
  newProject,
  newTemplate,
  newApiKey,
  newLibrary,
  newAiLibrary,
  sessionCookie,
  type Services,
  type TestUser,
  type TestProject,
  type TestPage,
  type TestSection,
} from './factories.js';
export { newOrganization, type NewOrganization, type TestOrganization } from './organizations.js';
export { accountPages, accountPassword, csrfToken } from './account-pages.js';
export { BrowserClient, findForm, pageText } from './browser-client.js';
export { freePort, ownAddress } from './free-port.js';
export { afterRendering, launchChromium, recordPageErrors } from './chromium.js';
export { accessibilityViolations, type AccessibilityViolation } from './accessibility.js';
export { connectMcpClient, mcpToolNames, postMcp, type McpClientOptions, type McpEra } from './mcp-client.js';
export { connectMcpInProcess, startMcpTools, type McpTools, type McpToolsOptions } from './mcp-in-process.js';
export { authorizeInBrowser, type ConsentingPerson } from './oauth-consent.js';
export { demoActors, type DemoActors } from './demo-actors.js';
export { createTestApiKey } from './api-keys.js';
export { waitUntil } from './wait-until.js';
export { fakeClock, type FakeClock } from './fake-clock.js';
export { rawRequest, type RawRequest, type RawAnswer } from './raw-request.js';
export { changePrincipal } from './principal-changes.js';
export {
  startFakeAiProvider,
  fakeImageSize,
  type FakeAiProvider,
  type FakeAiBehaviour,
  type FakeAiRequest,
} from './fake-ai-provider.js';
export { startHostPages, type HostPages } from './host-pages.js';
export { startMcpAppsHost, type McpAppsHost, type HostEvent } from './mcp-apps-host.js';
export { addPendingPicture, type PendingPicture } from './pending-picture.js';
export { startTestHttpsServer, type TestHttpsServer } from './test-https-server.js';
export { createTestLibrary } from './test-library.js';
export { newOAuthKey } from './api-keys.js';
export { startTestModule, compileWithDatabase, type TestModule } from './test-module.js';
export { editFirstSection, editFirstText, firstText } from './section-edits.js';
export {
  newCafeOrganization,
  newMemberOnly,
  newOrganizationPeople,
  type CafeOrganization,
  type OrganizationPeople,
  type TestMember,
} from './organization-people.js';
export { newOperator, demoPerson, actorNow } from './people.js';
export { editorPreviewSections } from './editor-preview.js';
