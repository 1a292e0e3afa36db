/**
 * Grid controllers: plugins that take part in a run as it happens. A
 * {@link org.gridsched.api.control.GridController} creates one {@link org.gridsched.api.control.Controller}
 * per run; the controller sees every job arrive, start, end and be killed, and acts through
 * {@link org.gridsched.api.control.GridOperations}: it submits jobs (with dependencies), takes arriving jobs
 * in charge, starts jobs on parts of several clusters at once, claims processors ahead of time, kills
 * running jobs and sets timers. Co-allocation, workflow managers and bags of tasks are controllers.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package org.gridsched.api.control;
