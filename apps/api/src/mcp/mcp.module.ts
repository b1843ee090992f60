import { Module } from '@nestjs/common';
import { AiModule } from '#folio/ai';
import { DataChanges } from '#folio/db';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { EditingModule } from '#folio/editing';
import { ExportsModule } from '#folio/exports';
import { FindingModule } from '#folio/finding';
import { IdentityModule } from '#folio/identity';
import { ImplementationCheckModule } from '#folio/implementation-check';
import { LibrariesModule } from '#folio/libraries';
import { ProjectsModule } from '#folio/projects';
import { PublishingModule } from '#folio/publishing';
import { CheckTools } from './check.tools.js';
import { DocumentTools } from './documents.tools.js';
import { EditTools } from './edit.tools.js';
import { EmbedTools } from './embed.tools.js';
import { LibraryTools } from './libraries.tools.js';
import { McpController } from './mcp.controller.js';
import { McpServerFactory } from './mcp-server.factory.js';
import { McpTransportService } from './mcp-transport.service.js';
import { ProjectTools } from './projects.tools.js';
import { PublishTools } from './publish.tools.js';
import { ProtectedResourceController } from './protected-resource.controller.js';
import { SectionTools } from './sections.tools.js';

/** The MCP server at POST /v2/mcp and its protected resource metadata (docs/design.md §5–6). */
@Module({
  imports: [
    ProjectsModule,
    PublishingModule,
    FindingModule,
    IdentityModule,
    ExportsModule,
    LibrariesModule,
    AiModule,
    DeliveryModule,
    EditingModule,
    ImplementationCheckModule,
  ],
  providers: [
    ProjectTools,
    EmbedTools,
    SectionTools,
    LibraryTools,
    EditTools,
    DocumentTools,
    PublishTools,
    CheckTools,
    McpServerFactory,
    McpTransportService,
    DataChanges,
  ],
  controllers: [McpController, ProtectedResourceController],
})
export class McpModule {}
