// Package app assembles the fx application: it binds the concrete
// repositories and provider clients to the interfaces the services consume.
package app

import (
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/config"
	"github.com/trustwell/settlements/internal/httpapi"
	"github.com/trustwell/settlements/internal/idempotency"
	"github.com/trustwell/settlements/internal/jobs"
	"github.com/trustwell/settlements/internal/ledger"
	"github.com/trustwell/settlements/internal/platform/db"
	"github.com/trustwell/settlements/internal/platform/ids"
	"github.com/trustwell/settlements/internal/providers/achpay"
	"github.com/trustwell/settlements/internal/providers/checkmail"
	"github.com/trustwell/settlements/internal/providers/mailer"
	"github.com/trustwell/settlements/internal/queue"
	"github.com/trustwell/settlements/internal/repository"
	"github.com/trustwell/settlements/internal/service"
)

// Repositories binds the sqlx repositories to the service ports.
var Repositories = fx.Module("repositories",
	fx.Provide(
		fx.Annotate(repository.NewSettlementRepo, fx.As(new(service.SettlementRepository))),
		fx.Annotate(repository.NewClaimantRepo, fx.As(new(service.ClaimantRepository))),
		fx.Annotate(repository.NewLienRepo, fx.As(new(service.LienRepository))),
		fx.Annotate(repository.NewDepositRepo, fx.As(new(service.DepositRepository))),
		fx.Annotate(repository.NewAllocationRepo, fx.As(new(service.AllocationRepository))),
		fx.Annotate(repository.NewDisbursementRepo, fx.As(new(service.DisbursementRepository))),
		fx.Annotate(repository.NewHoldbackRepo, fx.As(new(service.HoldbackRepository))),
		fx.Annotate(repository.NewLienPaymentRepo, fx.As(new(service.LienPaymentRepository))),
		fx.Annotate(repository.NewNoticeRepo, fx.As(new(service.NoticeRepository))),
		fx.Annotate(repository.NewWebhookRepo, fx.As(new(service.WebhookRepository))),
		// The ledger repo serves both the Book and the services directly.
		fx.Annotate(repository.NewLedgerRepo, fx.As(new(service.LedgerRepository)), fx.As(new(ledger.Store))),
		fx.Annotate(ledger.NewBook, fx.As(new(service.Poster))),
		idempotency.NewStore,
	),
)

// Providers binds the outbound clients.
var Providers = fx.Module("providers",
	fx.Provide(
		fx.Annotate(achpay.New, fx.As(new(service.ACHPayments))),
		fx.Annotate(checkmail.New, fx.As(new(service.CheckPrinter))),
		// The webhook handler needs the concrete mailer for token checks.
		mailer.New,
		func(c *mailer.Client) service.EmailSender { return c },
		fx.Annotate(queue.New, fx.As(new(service.JobQueue))),
	),
)

// Services binds the business services.
var Services = fx.Module("services",
	fx.Provide(
		fx.Annotate(service.NewSettlementService, fx.As(new(service.SettlementService))),
		fx.Annotate(service.NewClaimantService, fx.As(new(service.ClaimantService))),
		fx.Annotate(service.NewDepositService, fx.As(new(service.DepositService))),
		fx.Annotate(service.NewFeeService, fx.As(new(service.FeeService))),
		fx.Annotate(service.NewAllocationService, fx.As(new(service.AllocationService))),
		fx.Annotate(service.NewDisbursementService, fx.As(new(service.DisbursementService))),
		fx.Annotate(service.NewLienService, fx.As(new(service.LienService))),
		fx.Annotate(service.NewHoldbackService, fx.As(new(service.HoldbackService))),
		fx.Annotate(service.NewTrustService, fx.As(new(service.TrustService))),
		fx.Annotate(service.NewNoticeService, fx.As(new(service.NoticeService))),
		fx.Annotate(service.NewEventService, fx.As(new(service.EventService))),
		fx.Annotate(service.NewClosingService, fx.As(new(service.ClosingService))),
	),
)

// Options returns the complete application.
func Options() fx.Option {
	return fx.Options(
		fx.Provide(newLogger),
		fx.WithLogger(func(log *zap.Logger) fxevent.Logger {
			return &fxevent.ZapLogger{Logger: log.Named("fx")}
		}),
		config.Module,
		ids.Module,
		db.Module,
		Repositories,
		Providers,
		Services,
		jobs.Module,
		httpapi.Module,
	)
}

func newLogger() (*zap.Logger, error) {
	return zap.NewProduction()
}
