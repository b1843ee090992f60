import { Module } from '@nestjs/common';
import { AssetsController } from './assets.controller.js';

/** Serves stored blobs at `/assets/*`. Needs StorageModule in the app. */
@Module({ controllers: [AssetsController] })
export class AssetsModule {}
