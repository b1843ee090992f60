import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type JobName } from './job-names.js';
import { type JobProcessor, JobProcessorFor } from './job-processor.js';

/** The job processors this process has, found among its providers once every module is initialised. */
@Injectable()
export class JobProcessorRegistry {
  constructor(private readonly discovery: DiscoveryService) {}

  find(): Map<JobName, JobProcessor> {
    const found = new Map<JobName, JobProcessor>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: JobProcessorFor.KEY })) {
      const name = this.discovery.getMetadataByDecorator(JobProcessorFor, wrapper);
      const processor = wrapper.instance as JobProcessor | undefined;
      if (!name || !processor) continue;
      const existing = found.get(name);
      if (existing && existing !== processor) throw new Error(`Two processors for the ${name} job.`);
      found.set(name, processor);
    }
    return found;
  }
}
