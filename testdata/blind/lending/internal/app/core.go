// Package app assembles the fx modules the binaries are built from.
package app

import (
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/config"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/jobs"
	"github.com/brightpay/lending/internal/platform"
	"github.com/brightpay/lending/internal/providers/bureau"
	"github.com/brightpay/lending/internal/providers/cards"
	"github.com/brightpay/lending/internal/providers/payout"
	"github.com/brightpay/lending/internal/repo"
	"github.com/brightpay/lending/internal/service/accounts"
	"github.com/brightpay/lending/internal/service/applications"
	"github.com/brightpay/lending/internal/service/collections"
	"github.com/brightpay/lending/internal/service/disbursement"
	"github.com/brightpay/lending/internal/service/fees"
	"github.com/brightpay/lending/internal/service/loans"
	"github.com/brightpay/lending/internal/service/repayments"
)

// Core provides infrastructure, partner clients and domain services.
var Core = fx.Module("core",
	fx.Provide(
		config.Load,
		platform.NewLogger,
		platform.NewPool,
		platform.NewLocation,
		platform.NewSyncProducer,
		repo.NewPostgres,
		fx.Annotate(events.NewSaramaPublisher, fx.As(new(events.Publisher))),
		newClock,

		fx.Annotate(newBureau, fx.As(new(applications.Bureau))),
		newPayout,
		fx.Annotate(func(p *payout.Client) *payout.Client { return p }, fx.As(new(disbursement.Payouts)), fx.As(new(accounts.Verifier))),
		newCards,

		newApplications,
		loans.New,
		disbursement.New,
		accounts.New,
		repayments.New,
		newFees,
		collections.New,
	),
)

func newClock(loc *time.Location) jobs.Clock {
	return func() time.Time { return time.Now().In(loc) }
}

func newBureau(cfg config.Config, log *zap.Logger) *bureau.Client {
	return bureau.New(cfg.BureauAPIKey,
		bureau.WithBaseURL(cfg.BureauURL),
		bureau.WithRetry(cfg.BureauAttempts, 300*time.Millisecond),
		bureau.WithLogger(log.Named("bureau")),
	)
}

func newPayout(cfg config.Config) *payout.Client {
	return payout.NewClient(payout.Config{BaseURL: cfg.PayoutURL, Token: cfg.PayoutToken})
}

func newCards(cfg config.Config, log *zap.Logger) cards.Processor {
	return cards.WithRetry(cards.NewStripe(cfg.StripeKey), 3, log.Named("cards"))
}

func newApplications(store repo.Store, b applications.Bureau, cfg config.Config, log *zap.Logger) applications.Service {
	return applications.New(store, b, applications.Config{
		CallbackURL:      cfg.BureauCallback,
		MinScore:         cfg.MinScore,
		LimitReviewScore: cfg.LimitScore,
		DefaultAprBps:    cfg.DefaultAprBps,
	}, log.Named("applications"))
}

func newFees(store repo.Store, cp cards.Processor, cfg config.Config, log *zap.Logger) fees.Service {
	return fees.New(store, cp, fees.Config{GraceDays: cfg.GraceDays, LateFeeCents: cfg.LateFeeCents}, log.Named("fees"))
}
