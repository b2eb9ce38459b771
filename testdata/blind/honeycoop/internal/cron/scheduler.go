// Package cron runs the co-op's periodic batch tasks. A task that fails is
// run again at its next tick, and operators can rerun one by name.
package cron

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

type Task struct {
	Name     string
	Interval time.Duration
	// Run does the work due at now.
	Run func(ctx context.Context, now time.Time) error
}

type Scheduler struct {
	mu    sync.Mutex
	tasks map[string]Task
	log   *slog.Logger
	now   func() time.Time
}

func New(log *slog.Logger, now func() time.Time) *Scheduler {
	return &Scheduler{tasks: map[string]Task{}, log: log, now: now}
}

func (s *Scheduler) Add(t Task) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tasks[t.Name] = t
}

// RunOnce runs a task by name, for operator reruns.
func (s *Scheduler) RunOnce(ctx context.Context, name string) error {
	s.mu.Lock()
	t, ok := s.tasks[name]
	s.mu.Unlock()
	if !ok {
		return fmt.Errorf("unknown task %q", name)
	}
	return t.Run(ctx, s.now())
}

// Start runs every task on its interval until ctx is cancelled.
func (s *Scheduler) Start(ctx context.Context) *sync.WaitGroup {
	var wg sync.WaitGroup
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.tasks {
		wg.Add(1)
		go func(t Task) {
			defer wg.Done()
			s.loop(ctx, t)
		}(t)
	}
	return &wg
}

func (s *Scheduler) loop(ctx context.Context, t Task) {
	tick := time.NewTicker(t.Interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		start := s.now()
		if err := t.Run(ctx, start); err != nil {
			s.log.ErrorContext(ctx, "task failed; will run again next tick", "task", t.Name, "err", err)
			continue
		}
		s.log.InfoContext(ctx, "task done", "task", t.Name, "took", time.Since(start))
	}
}
