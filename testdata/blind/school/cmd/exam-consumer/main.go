// Command exam-consumer applies the exam centre's JetStream events.
package main

import (
	"context"
	"log/slog"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/fx"

	"github.com/lingua/academy/internal/app"
	"github.com/lingua/academy/internal/config"
	"github.com/lingua/academy/internal/consumers/examresults"
	"github.com/lingua/academy/internal/notify"
	"github.com/lingua/academy/internal/store"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		fx.Provide(newJetStream, newPublisher, newHandlers),
		fx.Invoke(runConsumer),
	).Run()
}

func newJetStream(lc fx.Lifecycle, cfg config.Config) (jetstream.JetStream, error) {
	nc, err := nats.Connect(cfg.NATSURL, nats.Name(cfg.ServiceName+"-exam-consumer"), nats.MaxReconnects(-1))
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(nc.Drain))
	return jetstream.New(nc)
}

func newPublisher(js jetstream.JetStream) examresults.Publisher { return js }

func newHandlers(st store.Store, n notify.Notifier, pub examresults.Publisher, cfg config.Config, log *slog.Logger) *examresults.Handlers {
	return &examresults.Handlers{Store: st, Notifier: n, Publisher: pub, School: cfg.SchoolName, Log: log}
}

func runConsumer(lc fx.Lifecycle, js jetstream.JetStream, h *examresults.Handlers, cfg config.Config, log *slog.Logger) {
	c := examresults.NewConsumer(js, cfg.ExamStream, cfg.ExamConsumerName, log, h.Routes()...)
	lc.Append(fx.Hook{
		OnStart: c.Start,
		OnStop: func(context.Context) error {
			c.Stop()
			return nil
		},
	})
}
