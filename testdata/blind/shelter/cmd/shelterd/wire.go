//go:build wireinject

package main

import (
	"context"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"github.com/google/wire"
	"github.com/jmoiron/sqlx"

	"github.com/brindlewood-labs/shelternet/internal/animals"
	"github.com/brindlewood-labs/shelternet/internal/api"
	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/donations"
	"github.com/brindlewood-labs/shelternet/internal/events"
	"github.com/brindlewood-labs/shelternet/internal/intake"
	"github.com/brindlewood-labs/shelternet/internal/notify"
	"github.com/brindlewood-labs/shelternet/internal/platform/pg"
	"github.com/brindlewood-labs/shelternet/internal/providers/distributor"
	"github.com/brindlewood-labs/shelternet/internal/providers/mailer"
	"github.com/brindlewood-labs/shelternet/internal/providers/partners"
	"github.com/brindlewood-labs/shelternet/internal/providers/payments"
	"github.com/brindlewood-labs/shelternet/internal/providers/registry"
	"github.com/brindlewood-labs/shelternet/internal/store"
	"github.com/brindlewood-labs/shelternet/internal/supply"
)

var storeSet = wire.NewSet(
	pg.Open,
	wire.Bind(new(store.DBTX), new(*sqlx.DB)),
	store.NewUnitOfWork,
	store.NewAnimalRepo,
	store.NewApplicationRepo,
	store.NewPaymentRepo,
	store.NewIntakeRepo,
	store.NewDonationRepo,
	store.NewSupplyRepo,
	store.NewFosterRepo,
	store.NewInboxRepo,
	store.NewIdempotencyKeys,
	store.NewWebhookLog,
)

var providerSet = wire.NewSet(
	payments.New,
	registry.New,
	distributor.New,
	partners.New,
	mailer.NewSES,
	wire.Bind(new(notify.Sender), new(*mailer.SES)),
	notify.New,
)

var busSet = wire.NewSet(
	events.NewBus,
	wire.Bind(new(message.Publisher), new(*gochannel.GoChannel)),
	wire.Bind(new(message.Subscriber), new(*gochannel.GoChannel)),
	events.NewRelay,
	provideConsumers,
	events.NewRouter,
)

var serviceSet = wire.NewSet(
	provideAdoption,
	animals.NewService,
	intake.NewService,
	provideDonations,
	wire.Bind(new(api.DonationRecorder), new(*donations.Service)),
	supply.NewService,
	provideFoster,
)

var httpSet = wire.NewSet(
	api.NewAdoptionHandlers,
	api.NewAnimalHandlers,
	api.NewSupplyHandlers,
	api.NewFosterHandlers,
	api.NewWebhookHandlers,
	wire.Struct(new(api.Handlers), "*"),
	api.NewServer,
)

func initializeApp(ctx context.Context, cfg config.Config, log *slog.Logger) (*app, func(), error) {
	wire.Build(storeSet, providerSet, busSet, serviceSet, httpSet, wire.Struct(new(app), "*"))
	return nil, nil, nil
}
