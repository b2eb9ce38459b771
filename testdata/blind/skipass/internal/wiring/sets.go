// Package wiring declares the google/wire provider sets shared by the
// binaries under cmd/.
package wiring

import (
	"log/slog"
	"os"

	"github.com/google/wire"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/platform/database"
	"github.com/summitline/skipass/internal/platform/queue"
	"github.com/summitline/skipass/internal/provider/cardissuer"
	"github.com/summitline/skipass/internal/provider/invoicing"
	"github.com/summitline/skipass/internal/provider/mailer"
	"github.com/summitline/skipass/internal/provider/sms"
	"github.com/summitline/skipass/internal/provider/stripepay"
	"github.com/summitline/skipass/internal/service"
	"github.com/summitline/skipass/internal/store"
)

// ProvideLogger returns the JSON logger used by every binary.
func ProvideLogger(cfg config.Config) *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})).
		With("resort", cfg.Resort)
}

// Infra is configuration-derived plumbing: logger, database, queue client.
var Infra = wire.NewSet(
	ProvideLogger,
	database.Open,
	queue.NewClient,
	queue.ProvideEnqueuer,
)

// Stores are the Postgres repositories.
var Stores = wire.NewSet(
	store.NewAccounts,
	store.NewProducts,
	store.NewInventory,
	store.NewOrders,
	store.NewPasses,
	store.NewCards,
	store.NewContracts,
	store.NewInstalments,
	store.NewNotifications,
	store.NewKeys,
	store.NewClosures,
	store.NewClaims,
	store.NewWeatherRefunds,
	store.NewScans,
	store.NewRideDays,
	store.NewLoyalty,
	store.NewGates,
	store.NewGroups,
	store.NewGroupInvoices,
)

// Partners are the external API clients, bound to the service ports.
var Partners = wire.NewSet(
	stripepay.New,
	cardissuer.New,
	invoicing.New,
	sms.New,
	mailer.New,
	wire.Bind(new(service.Payments), new(*stripepay.Client)),
	wire.Bind(new(service.CardIssuer), new(*cardissuer.Client)),
	wire.Bind(new(service.Invoicer), new(*invoicing.Client)),
	wire.Bind(new(service.TextSender), new(*sms.Client)),
	wire.Bind(new(service.Mailer), new(*mailer.Client)),
)

// Services are the logging-decorated business services.
var Services = wire.NewSet(
	service.ProvideOrderService,
	service.ProvideSeasonPassService,
	service.ProvideClosureService,
	service.ProvideClaimService,
	service.ProvideRefundService,
	service.ProvideCardService,
	service.ProvideLoyaltyService,
	service.ProvideAccountService,
	service.ProvideGateService,
	service.ProvideGroupService,
	service.ProvideBillingService,
	service.ProvideInstalmentService,
	service.ProvidePaymentEventService,
)
