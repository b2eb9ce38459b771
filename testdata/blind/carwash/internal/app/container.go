// Package app wires washclub's dependencies with go.uber.org/dig. Every
// binary starts from New and adds the providers only it needs.
package app

import (
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/dig"

	"github.com/brightbay/washclub/internal/config"
	"github.com/brightbay/washclub/internal/gateway/baycontroller"
	"github.com/brightbay/washclub/internal/gateway/cardprocessor"
	"github.com/brightbay/washclub/internal/gateway/sms"
	"github.com/brightbay/washclub/internal/httpapi"
	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/postgres"
	"github.com/brightbay/washclub/internal/service"
	"github.com/brightbay/washclub/internal/tasks"
)

type provider struct {
	ctor any
	opts []dig.ProvideOption
}

func as[T any]() dig.ProvideOption { return dig.As(new(T)) }

// New returns a container with configuration, storage, queue, provider
// clients, repositories and services.
func New(cfg config.Config, log *slog.Logger) (*dig.Container, error) {
	c := dig.New()
	providers := []provider{
		{ctor: func() config.Config { return cfg }},
		{ctor: func() *slog.Logger { return log }},
		{ctor: func() platform.Clock { return platform.SystemClock }},
		{ctor: func() *time.Location { return cfg.Location }},
		{ctor: func() service.PointsPolicy {
			return service.PointsPolicy{PointsPerDollar: cfg.PointsPerDollar, MemberWashPoints: 50}
		}},

		{ctor: postgres.Open},
		{ctor: redisOpt},
		{ctor: func(opt asynq.RedisClientOpt) *asynq.Client { return asynq.NewClient(opt) }},
		{ctor: func(c *asynq.Client) tasks.Enqueuer { return c }},

		{ctor: newCardProcessor, opts: []dig.ProvideOption{as[service.CardProcessor]()}},
		{ctor: newBayController, opts: []dig.ProvideOption{as[service.BayController]()}},
		{ctor: newSMS, opts: []dig.ProvideOption{as[service.SMSSender]()}},

		{ctor: postgres.NewCustomerRepo, opts: []dig.ProvideOption{as[service.CustomerRepository]()}},
		{ctor: postgres.NewSubscriptionRepo, opts: []dig.ProvideOption{as[service.SubscriptionRepository]()}},
		{ctor: postgres.NewChargeRepo, opts: []dig.ProvideOption{as[service.ChargeRepository]()}},
		{ctor: postgres.NewIdempotencyRepo, opts: []dig.ProvideOption{as[service.IdempotencyRepository]()}},
		{ctor: postgres.NewWashRepo, opts: []dig.ProvideOption{as[service.WashRepository]()}},
		{ctor: postgres.NewActivationRepo, opts: []dig.ProvideOption{as[service.ActivationRepository]()}},
		{ctor: postgres.NewLoyaltyRepo, opts: []dig.ProvideOption{as[service.LoyaltyRepository]()}},
		{ctor: postgres.NewRefundRepo, opts: []dig.ProvideOption{as[service.RefundRepository]()}},
		{ctor: postgres.NewFleetRepo, opts: []dig.ProvideOption{as[service.FleetRepository]()}},
		{ctor: postgres.NewEventRepo, opts: []dig.ProvideOption{as[service.EventRepository]()}},
		{ctor: postgres.NewResponseStore, opts: []dig.ProvideOption{as[httpapi.ResponseStore]()}},

		{ctor: service.NewSubscriptionService},
		{ctor: service.NewWashPackService},
		{ctor: service.NewActivationService},
		{ctor: service.NewWashService},
		{ctor: service.NewLoyaltyService},
		{ctor: service.NewRefundService},
		{ctor: service.NewPaymentEventService},
		{ctor: service.NewBillingService},
		{ctor: service.NewFleetService},
		{ctor: service.NewKioskService},
		{ctor: service.NewNotificationService},
	}
	for _, p := range providers {
		if err := c.Provide(p.ctor, p.opts...); err != nil {
			return nil, fmt.Errorf("provide %T: %w", p.ctor, err)
		}
	}
	return c, nil
}

func redisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword, DB: cfg.RedisDB}
}

func newCardProcessor(cfg config.Config) *cardprocessor.Client {
	return cardprocessor.New(cfg.CardProcessorAPIKey,
		cardprocessor.WithBaseURL(cfg.CardProcessorURL),
		cardprocessor.WithRetries(2, 300*time.Millisecond),
	)
}

func newBayController(cfg config.Config) *baycontroller.Client {
	return baycontroller.New(cfg.BayControllerURL, cfg.BayControllerToken,
		baycontroller.WithHTTPClient(&http.Client{}),
		baycontroller.WithTimeout(8*time.Second),
	)
}

func newSMS(cfg config.Config) *sms.Client {
	return sms.New(cfg.SMSAPIKey,
		sms.WithBaseURL(cfg.SMSBaseURL),
		sms.WithSender(cfg.SMSSender),
	)
}
