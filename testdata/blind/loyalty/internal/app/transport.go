package app

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/labstack/echo/v4"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.uber.org/fx"

	"github.com/tidewater/loyalty/internal/config"
	"github.com/tidewater/loyalty/internal/transport/httpapi"
	"github.com/tidewater/loyalty/internal/transport/natsconsumer"
	"github.com/tidewater/loyalty/internal/transport/sqsconsumer"
	"github.com/tidewater/loyalty/internal/workflows"
)

func newPaymentHandler(svc httpapi.TopUpService, m httpapi.MemberService, cfg config.Config, log *slog.Logger) *httpapi.PaymentHandler {
	return httpapi.NewPaymentHandler(svc, m, cfg.StripeWebhookSecret, log)
}

func newHandlers(
	m *httpapi.MemberHandler,
	p *httpapi.PointsHandler,
	o *httpapi.OrderHandler,
	pay *httpapi.PaymentHandler,
	g *httpapi.GiftCardHandler,
	s *httpapi.StatementHandler,
) httpapi.Handlers {
	return httpapi.Handlers{Members: m, Points: p, Orders: o, Payments: pay, GiftCards: g, Statements: s}
}

func startHTTP(lc fx.Lifecycle, e *echo.Echo, cfg config.Config, log *slog.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server", "err", err)
				}
			}()
			return nil
		},
		OnStop: e.Shutdown,
	})
}

// HTTPModule serves the public and webhook API.
var HTTPModule = fx.Module("http",
	fx.Provide(
		httpapi.NewMemberHandler,
		httpapi.NewPointsHandler,
		httpapi.NewOrderHandler,
		newPaymentHandler,
		httpapi.NewGiftCardHandler,
		httpapi.NewStatementHandler,
		newHandlers,
		httpapi.NewServer,
	),
	fx.Invoke(startHTTP),
)

func asNATSHandler(ctor any) any {
	return fx.Annotate(ctor, fx.As(new(natsconsumer.Handler)), fx.ResultTags(`group:"nats_handlers"`))
}

func startNATS(lc fx.Lifecycle, r *natsconsumer.Runner) {
	lc.Append(fx.Hook{OnStart: r.Start, OnStop: r.Stop})
}

func newPoller(c *sqs.Client, cfg config.Config, cb *sqsconsumer.Callbacks, log *slog.Logger) *sqsconsumer.Poller {
	return sqsconsumer.NewPoller(c, cfg.PartnerCallbackURL, cb.Routes(), log)
}

func startSQS(lc fx.Lifecycle, p *sqsconsumer.Poller) {
	lc.Append(fx.Hook{OnStart: p.Start, OnStop: p.Stop})
}

// ConsumersModule runs the NATS JetStream and SQS consumers.
var ConsumersModule = fx.Module("consumers",
	fx.Provide(
		asNATSHandler(natsconsumer.NewEarnHandler),
		asNATSHandler(natsconsumer.NewRefundHandler),
		asNATSHandler(natsconsumer.NewTierHandler),
		asNATSHandler(natsconsumer.NewReferralHandler),
		natsconsumer.NewRunner,
		sqsconsumer.NewCallbacks,
		newPoller,
	),
	fx.Invoke(startNATS, startSQS),
)

func newActivities(g workflows.GiftCardService, s workflows.StatementService, e workflows.ExpiryService) *workflows.Activities {
	return &workflows.Activities{GiftCards: g, Statements: s, Expiry: e}
}

func startWorker(lc fx.Lifecycle, c client.Client, cfg config.Config, acts *workflows.Activities) {
	w := worker.New(c, cfg.TemporalTaskQueue, worker.Options{})
	workflows.Register(w, acts)
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return w.Start() },
		OnStop:  func(context.Context) error { w.Stop(); return nil },
	})
}

// WorkerModule runs the Temporal worker.
var WorkerModule = fx.Module("worker",
	fx.Provide(newActivities),
	fx.Invoke(startWorker),
)
