/**
 * Opens the store at a location and composes pulse over it: the repository (store) and the instance
 * (core) in one module, so a command that reaches a store loads one chunk of the bundle for both.
 */
import { createInstance, type Instance, type InstanceOptions } from '../core/instance.js';
import { type OpenRepositoryOptions, openRepository } from '../store/open-repository.js';

export async function openLocalInstance(
  location: string,
  repositoryOptions: OpenRepositoryOptions,
  instanceOptions: InstanceOptions,
): Promise<Instance> {
  return createInstance(await openRepository(location, repositoryOptions), instanceOptions);
}
