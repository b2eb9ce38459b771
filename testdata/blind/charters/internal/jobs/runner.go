// Package jobs is the batch side of charterhub: named jobs started by the
// scheduler, one per process, each run recorded in job_runs.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/saltline-charters/charterhub/internal/ids"
	"github.com/saltline-charters/charterhub/internal/service"
	"github.com/saltline-charters/charterhub/internal/store"
)

// Job is one entry in the job table.
type Job struct {
	Name    string
	Timeout time.Duration
	Run     func(ctx context.Context) (summary string, err error)
}

// RunLog records job runs.
type RunLog interface {
	InsertJobRun(ctx context.Context, id, job string, startedAt time.Time) error
	FinishJobRun(ctx context.Context, id string, finishedAt time.Time, status, errText string) error
}

type Runner struct {
	jobs map[string]Job
	runs RunLog
	now  service.Clock
	log  *slog.Logger
}

func NewRunner(table []Job, runs RunLog, now service.Clock, log *slog.Logger) *Runner {
	r := &Runner{jobs: make(map[string]Job, len(table)), runs: runs, now: now, log: log}
	for _, j := range table {
		r.jobs[j.Name] = j
	}
	return r
}

// Names lists the known jobs, sorted.
func (r *Runner) Names() []string {
	out := make([]string, 0, len(r.jobs))
	for n := range r.jobs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Run executes one job. Each invocation, including a rerun of a failed
// one, gets its own job_runs row.
func (r *Runner) Run(ctx context.Context, name string) error {
	job, ok := r.jobs[name]
	if !ok {
		return fmt.Errorf("unknown job %q (known: %v)", name, r.Names())
	}
	runID := ids.New("run")
	if err := r.runs.InsertJobRun(ctx, runID, name, r.now()); err != nil {
		return fmt.Errorf("record run: %w", err)
	}

	if job.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, job.Timeout)
		defer cancel()
	}
	summary, err := job.Run(ctx)

	status, errText := "succeeded", ""
	if err != nil {
		status, errText = "failed", err.Error()
	}
	// The run may have used up its own deadline; record the outcome anyway.
	finishCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if ferr := r.runs.FinishJobRun(finishCtx, runID, r.now(), status, errText); ferr != nil {
		r.log.Error("could not record job outcome", "run", runID, "err", ferr)
	}
	r.log.Info("job finished", "job", name, "run", runID, "status", status, "summary", summary)
	return err
}

var _ RunLog = store.Querier(nil)
