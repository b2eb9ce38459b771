package wiring

import (
	"github.com/google/wire"

	"github.com/northwind-air/mileage/internal/config"
	"github.com/northwind-air/mileage/internal/messaging"
	"github.com/northwind-air/mileage/internal/platform/lambdamw"
	"github.com/northwind-air/mileage/internal/ports"
	"github.com/northwind-air/mileage/internal/provider/hotelpartner"
	"github.com/northwind-air/mileage/internal/provider/paygw"
	"github.com/northwind-air/mileage/internal/provider/reservation"
	"github.com/northwind-air/mileage/internal/store"
)

// BaseSet is needed by every function: configuration, logging and the
// database.
var BaseSet = wire.NewSet(
	config.Load,
	ProvideLogger,
	ProvideDB,
)

// AWSSet provides the SDK clients.
var AWSSet = wire.NewSet(
	ProvideAWSConfig,
	ProvideSQS,
	ProvideSNS,
)

// StoreSet binds the gorm repositories to the service ports.
var StoreSet = wire.NewSet(
	store.NewTransactor,
	wire.Bind(new(ports.TxRunner), new(*store.Transactor)),
	store.NewMemberRepo,
	wire.Bind(new(ports.Members), new(*store.MemberRepo)),
	store.NewLedgerRepo,
	wire.Bind(new(ports.Ledger), new(*store.LedgerRepo)),
	store.NewRedemptionRepo,
	wire.Bind(new(ports.Redemptions), new(*store.RedemptionRepo)),
	store.NewTransferRepo,
	wire.Bind(new(ports.Transfers), new(*store.TransferRepo)),
	store.NewPurchaseRepo,
	wire.Bind(new(ports.Purchases), new(*store.PurchaseRepo)),
	store.NewAccrualRepo,
	wire.Bind(new(ports.Accruals), new(*store.AccrualRepo)),
	store.NewNotificationRepo,
	wire.Bind(new(ports.Notifications), new(*store.NotificationRepo)),
	store.NewRewardRepo,
	wire.Bind(new(ports.Rewards), new(*store.RewardRepo)),
	store.NewIdempotencyRepo,
	wire.Bind(new(ports.IdempotencyKeys), new(*store.IdempotencyRepo)),
	wire.Bind(new(lambdamw.ProcessedStore), new(*store.IdempotencyRepo)),
)

// QueueSet provides the work queues.
var QueueSet = wire.NewSet(
	ProvideRedemptionQueue,
	ProvideTransferQueue,
	ProvideNotifyQueue,
)

// SNSSet provides SMS and domain events.
var SNSSet = wire.NewSet(
	ProvideSMS,
	wire.Bind(new(ports.SMSSender), new(*messaging.SMS)),
	ProvideEvents,
	wire.Bind(new(ports.EventPublisher), new(*messaging.Events)),
)

// ProviderSet provides the external HTTP APIs.
var ProviderSet = wire.NewSet(
	ProvideHTTPClient,
	ProvideReservation,
	wire.Bind(new(ports.Reservations), new(*reservation.Client)),
	ProvideHotelPartner,
	wire.Bind(new(ports.HotelPoints), new(*hotelpartner.Client)),
	ProvidePayGateway,
	wire.Bind(new(ports.Payments), new(*paygw.Client)),
)
