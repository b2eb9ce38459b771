// Package jobs holds the scheduled batch jobs run by cmd/jobs. Each job is
// invoked by a Kubernetes CronJob; a failed run is retried by the Job
// controller (backoffLimit 3) and operators re-run jobs by hand after
// incidents.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"
)

// Job is one named batch job.
type Job struct {
	Name     string
	Schedule string
	Run      func(ctx context.Context, asOf time.Time) error
}

type Registry struct {
	jobs map[string]Job
	log  *slog.Logger
}

func NewRegistry(log *slog.Logger, jobs ...Job) *Registry {
	r := &Registry{jobs: map[string]Job{}, log: log}
	for _, j := range jobs {
		r.jobs[j.Name] = j
	}
	return r
}

func (r *Registry) Names() []string {
	out := make([]string, 0, len(r.jobs))
	for n := range r.jobs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func (r *Registry) Run(ctx context.Context, name string, asOf time.Time) error {
	j, ok := r.jobs[name]
	if !ok {
		return fmt.Errorf("unknown job %q (have %v)", name, r.Names())
	}
	start := time.Now()
	log := r.log.With("job", name, "as_of", asOf.Format("2006-01-02"))
	log.Info("job starting")
	if err := j.Run(ctx, asOf); err != nil {
		log.Error("job failed", "err", err, "dur", time.Since(start))
		return err
	}
	log.Info("job finished", "dur", time.Since(start))
	return nil
}
