// Command consumer runs the AMQP event handlers.
package main

import (
	"context"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/config"
	"github.com/harbourline/marina/internal/consumers"
	"github.com/harbourline/marina/internal/platform"
	"github.com/harbourline/marina/internal/service/billing"
	"github.com/harbourline/marina/internal/service/harbour"
	"github.com/harbourline/marina/internal/service/notify"
	"github.com/harbourline/marina/internal/service/settlement"
	"github.com/harbourline/marina/internal/storage"
)

func main() {
	fx.New(
		platform.FxLogger(),
		platform.Core,
		platform.Providers,
		platform.Services,
		platform.InsertOnlyQueue,
		fx.Provide(
			newHandlers,
			newRouter,
			func(cfg *config.Config, logger watermill.LoggerAdapter) consumers.SubscriberFactory {
				return consumers.AMQPSubscribers(cfg.AMQPURL, logger)
			},
		),
		fx.Invoke(run),
	).Run()
}

func newHandlers(store storage.Store, b *billing.Service, n *notify.Service, s *settlement.Service, h *harbour.Service, log *zap.Logger) *consumers.Handlers {
	return &consumers.Handlers{
		Store:      store,
		Refunds:    b,
		Charges:    b,
		Notify:     n,
		Settlement: s,
		Harbour:    h,
		Log:        log.Named("consumers"),
	}
}

func newRouter(logger watermill.LoggerAdapter) (*message.Router, error) {
	return message.NewRouter(message.RouterConfig{}, logger)
}

func run(lc fx.Lifecycle, sd fx.Shutdowner, r *message.Router, subs consumers.SubscriberFactory, h *consumers.Handlers, logger watermill.LoggerAdapter, log *zap.Logger) error {
	if err := consumers.SetupRouter(r, subs, h, logger); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := r.Run(ctx); err != nil {
					log.Error("router stopped", zap.Error(err))
					_ = sd.Shutdown(fx.ExitCode(1))
				}
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			return r.Close()
		},
	})
	return nil
}
