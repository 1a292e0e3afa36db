/**
 * Workflow schedulers of the {@code workflow} controller: in which order the tasks that become ready at the same
 * instant are submitted, and to which cluster each goes. A third-party bundle adds one by registering a
 * {@link org.gridsched.workflow.schedule.WorkflowScheduler} service; the controller chooses it by name (its
 * {@code scheduler} option).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package org.gridsched.workflow.schedule;
