// Package app holds the wire provider sets shared by the RinkOps binaries:
// infrastructure, provider clients and the interface bindings between them
// and the domain packages.
package app

import (
	"log/slog"
	"os"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/frostline-arena/rinkops/internal/leagues"
	"github.com/frostline-arena/rinkops/internal/maintenance"
	"github.com/frostline-arena/rinkops/internal/passes"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/providers/cardpay"
	"github.com/frostline-arena/rinkops/internal/providers/icecare"
	"github.com/frostline-arena/rinkops/internal/providers/mailer"
	"github.com/frostline-arena/rinkops/internal/providers/partnerq"
	"github.com/frostline-arena/rinkops/internal/providers/sms"
	"github.com/frostline-arena/rinkops/internal/rentals"
	"github.com/frostline-arena/rinkops/internal/tasks"
	"github.com/frostline-arena/rinkops/internal/worker"
)

// Infra is Postgres, the transaction runner, the asynq client and the
// config sections the providers read.
var Infra = wire.NewSet(
	platform.NewPool,
	platform.NewTxRunner,
	wire.Bind(new(platform.TxRunner), new(*platform.PoolTxRunner)),
	platform.NewAsynqClient,
	wire.Bind(new(platform.Enqueuer), new(*asynq.Client)),
	tasks.NewOutbox,
	wire.Bind(new(leagues.TaskOutbox), new(*tasks.Outbox)),
	wire.Bind(new(maintenance.TaskOutbox), new(*tasks.Outbox)),
	wire.FieldsOf(new(*platform.Config), "Cardpay", "IceCare", "Fixtures", "Partner", "SMS", "Mailer", "Facilities"),
)

// Providers is every outbound integration, bound to the narrow interfaces
// the domain packages declare.
var Providers = wire.NewSet(
	cardpay.New,
	wire.Bind(new(leagues.Refunder), new(*cardpay.Client)),
	wire.Bind(new(rentals.Deposits), new(*cardpay.Client)),
	wire.Bind(new(passes.Payments), new(*cardpay.Client)),

	icecare.New,
	wire.Bind(new(maintenance.Contractor), new(*icecare.Client)),

	sms.New,
	wire.Bind(new(maintenance.Pager), new(*sms.Client)),

	mailer.New,
	wire.Bind(new(worker.Mailer), new(*mailer.Client)),

	partnerq.NewSQSClient,
	wire.Bind(new(partnerq.API), new(*sqs.Client)),
	partnerq.NewPublisher,
	wire.Bind(new(leagues.EventPublisher), new(*partnerq.Publisher)),
)

// NewLogger is the process logger; LOG_FORMAT=text switches to text output
// for local runs.
func NewLogger(service string) *slog.Logger {
	var h slog.Handler
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	if os.Getenv("LOG_FORMAT") == "text" {
		h = slog.NewTextHandler(os.Stderr, opts)
	} else {
		h = slog.NewJSONHandler(os.Stderr, opts)
	}
	return slog.New(h).With("service", service)
}
