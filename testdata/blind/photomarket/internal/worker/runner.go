package worker

import (
	"context"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"
	"golang.org/x/sync/errgroup"

	"github.com/lenslane/photomarket/internal/sqsconsumer"
)

// Runner starts the watermill router and the SQS pollers side by side and
// stops all of them when any one fails or ctx is cancelled.
type Runner struct {
	Router  *message.Router
	Pollers []*sqsconsumer.Poller
	Logger  *slog.Logger
}

// Run blocks until everything has stopped.
func (r *Runner) Run(ctx context.Context) error {
	g, ctx := errgroup.WithContext(ctx)

	g.Go(func() error {
		r.Logger.Info("watermill router starting")
		return r.Router.Run(ctx)
	})
	g.Go(func() error {
		<-ctx.Done()
		return r.Router.Close()
	})
	for _, p := range r.Pollers {
		g.Go(func() error {
			r.Logger.Info("sqs poller starting", "queue", p.QueueURL)
			return p.Run(ctx)
		})
	}
	return g.Wait()
}
