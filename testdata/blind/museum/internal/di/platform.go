// Package di holds the wire provider sets shared by the binaries.
package di

import (
	"github.com/google/wire"
	"go.temporal.io/sdk/client"
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/app/checkout"
	"github.com/northgate-museums/visitor-platform/internal/notify"
	"github.com/northgate-museums/visitor-platform/internal/outbox"
	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/logging"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
	"github.com/northgate-museums/visitor-platform/internal/providers/fulfilment"
	"github.com/northgate-museums/visitor-platform/internal/providers/messaging"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
	"github.com/northgate-museums/visitor-platform/internal/renewal"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

// PlatformSet provides configuration, logging, metrics and the database.
var PlatformSet = wire.NewSet(
	config.Load,
	logging.New,
	metrics.NewRegistry,
	database.Open,
	database.NewTxManager,
	wire.Bind(new(database.Conner), new(*database.TxManager)),
	wire.Bind(new(database.Transactor), new(*database.TxManager)),
)

// StoreSet provides every repository.
var StoreSet = wire.NewSet(
	store.NewIdempotencyRepo,
	store.NewSlotRepo,
	store.NewTicketOrderRepo,
	store.NewTicketRepo,
	store.NewAdmissionRepo,
	store.NewIntentRepo,
	store.NewNotificationRepo,
	store.NewChargebackRepo,
	store.NewRefundRepo,
	store.NewMembershipRepo,
	store.NewRenewalRepo,
	store.NewCardRepo,
	store.NewWelcomePackRepo,
	store.NewDonationRepo,
	store.NewReceiptRepo,
	store.NewGroupBookingRepo,
	store.NewShopOrderRepo,
	store.NewInventoryRepo,
	store.NewShipmentRepo,
	store.NewFulfilmentEventRepo,
	store.NewCaptureRepo,
	outbox.NewWriter,
)

// ProviderSet provides the third-party API clients.
var ProviderSet = wire.NewSet(
	payments.NewClient,
	fulfilment.NewClient,
	messaging.NewEmailClient,
	messaging.NewSMSClient,
	notify.NewNotifier,
	wire.Bind(new(notify.Mailer), new(*messaging.EmailClient)),
	checkout.NewSubmitter,
	wire.Bind(new(checkout.Authoriser), new(*payments.Client)),
)

// NewTemporalClient dials the Temporal frontend.
func NewTemporalClient(cfg *config.Config, logger *zap.Logger) (client.Client, func(), error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.Temporal.HostPort,
		Namespace: cfg.Temporal.Namespace,
	})
	if err != nil {
		return nil, nil, err
	}
	logger.Info("temporal connected", zap.String("namespace", cfg.Temporal.Namespace))
	return c, c.Close, nil
}

var TemporalSet = wire.NewSet(
	NewTemporalClient,
	renewal.NewStarter,
)
