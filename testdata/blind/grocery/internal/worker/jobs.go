package worker

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"time"
)

// Job is a periodic task. A job that fails is simply run again on the
// next tick.
type Job struct {
	Name     string
	Interval time.Duration
	Run      func(ctx context.Context) (int, error)
}

// RunJobs ticks every job on its own goroutine until ctx is cancelled.
func RunJobs(ctx context.Context, jobs []Job, log *slog.Logger) {
	for _, j := range jobs {
		go func() {
			// Spread the first run so replicas do not start in lockstep.
			jitter := time.Duration(rand.Int64N(int64(j.Interval/2) + 1))
			select {
			case <-ctx.Done():
				return
			case <-time.After(jitter):
			}
			t := time.NewTicker(j.Interval)
			defer t.Stop()
			for {
				n, err := j.Run(ctx)
				switch {
				case err != nil:
					log.Warn("job failed", "job", j.Name, "err", err)
				case n > 0:
					log.Info("job ran", "job", j.Name, "items", n)
				}
				select {
				case <-ctx.Done():
					return
				case <-t.C:
				}
			}
		}()
	}
}
