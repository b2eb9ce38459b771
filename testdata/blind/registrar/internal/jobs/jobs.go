// Package jobs holds the scheduled jobs run by cmd/cron. Each job is run by
// the cluster scheduler once per schedule and is run again when it exits
// non-zero.
package jobs

import (
	"context"
	"fmt"
	"sort"
)

// Job is one scheduled job.
type Job interface {
	Name() string
	Run(ctx context.Context) error
}

// Registry maps job names to jobs.
type Registry map[string]Job

func NewRegistry(jobs ...Job) Registry {
	r := make(Registry, len(jobs))
	for _, j := range jobs {
		r[j.Name()] = j
	}
	return r
}

func (r Registry) Names() []string {
	out := make([]string, 0, len(r))
	for n := range r {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func (r Registry) Run(ctx context.Context, name string) error {
	j, ok := r[name]
	if !ok {
		return fmt.Errorf("unknown job %q (have %v)", name, r.Names())
	}
	return j.Run(ctx)
}
