package di

import (
	"context"

	"github.com/google/wire"
	"go.uber.org/zap"

	"github.com/northgate-museums/visitor-platform/internal/app/checkout"
	"github.com/northgate-museums/visitor-platform/internal/app/donations"
	"github.com/northgate-museums/visitor-platform/internal/app/groups"
	"github.com/northgate-museums/visitor-platform/internal/app/membership"
	"github.com/northgate-museums/visitor-platform/internal/app/refunds"
	"github.com/northgate-museums/visitor-platform/internal/app/shop"
	"github.com/northgate-museums/visitor-platform/internal/app/ticketing"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/notify"
	"github.com/northgate-museums/visitor-platform/internal/outbox"
	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
	"github.com/northgate-museums/visitor-platform/internal/providers/messaging"
	"github.com/northgate-museums/visitor-platform/internal/renewal"
	"github.com/northgate-museums/visitor-platform/internal/store"
)

func ProvidePlaceOrder(tx *database.TxManager, keys *store.IdempotencyRepo, slots *store.SlotRepo, orders *store.TicketOrderRepo,
	intents *store.IntentRepo, payer *checkout.Submitter, cfg *config.Config, log *zap.Logger, m *metrics.Registry) cqrs.CommandHandler[ticketing.PlaceOrder] {
	return cqrs.Decorate[ticketing.PlaceOrder](ticketing.NewPlaceOrderHandler(tx, keys, slots, orders, intents, payer, cfg.HoldTTL), log, m)
}

func ProvideReschedule(tx *database.TxManager, slots *store.SlotRepo, orders *store.TicketOrderRepo, log *zap.Logger, m *metrics.Registry) cqrs.CommandHandler[ticketing.Reschedule] {
	return cqrs.Decorate[ticketing.Reschedule](ticketing.NewRescheduleHandler(tx, slots, orders), log, m)
}

func ProvidePurchaseMembership(tx *database.TxManager, keys *store.IdempotencyRepo, members *store.MembershipRepo, intents *store.IntentRepo,
	payer *checkout.Submitter, starter *renewal.Starter, log *zap.Logger, m *metrics.Registry) cqrs.CommandHandler[membership.Purchase] {
	return cqrs.Decorate[membership.Purchase](membership.NewPurchaseHandler(tx, keys, members, intents, payer, starter, log), log, m)
}

func ProvideSetAutoRenew(members *store.MembershipRepo, starter *renewal.Starter, log *zap.Logger, m *metrics.Registry) cqrs.CommandHandler[membership.SetAutoRenew] {
	return cqrs.Decorate[membership.SetAutoRenew](membership.NewSetAutoRenewHandler(members, starter), log, m)
}

func ProvideDonate(tx *database.TxManager, keys *store.IdempotencyRepo, dons *store.DonationRepo, intents *store.IntentRepo,
	payer *checkout.Submitter, log *zap.Logger, m *metrics.Registry) cqrs.CommandHandler[donations.Donate] {
	return cqrs.Decorate[donations.Donate](donations.NewDonateHandler(tx, keys, dons, intents, payer), log, m)
}

func ProvideResendReceipt(dons *store.DonationRepo, receipts *store.ReceiptRepo, n *notify.Notifier, log *zap.Logger, m *metrics.Registry) cqrs.CommandHandler[donations.ResendReceipt] {
	return cqrs.Decorate[donations.ResendReceipt](donations.NewResendReceiptHandler(dons, receipts, n), log, m)
}

func ProvideRequestGroupBooking(tx *database.TxManager, slots *store.SlotRepo, bookings *store.GroupBookingRepo, log *zap.Logger, m *metrics.Registry) cqrs.CommandHandler[groups.RequestBooking] {
	return cqrs.Decorate[groups.RequestBooking](groups.NewRequestBookingHandler(tx, slots, bookings), log, m)
}

func ProvideConfirmGroupBooking(tx *database.TxManager, bookings *store.GroupBookingRepo, slots *store.SlotRepo, ob *outbox.Writer,
	sms *messaging.SMSClient, log *zap.Logger, m *metrics.Registry) cqrs.CommandHandler[groups.ConfirmBooking] {
	texter := groups.TexterFunc(func(ctx context.Context, to, body string) (string, error) {
		res, err := sms.Send(ctx, to, body)
		if err != nil {
			return "", err
		}
		return res.MessageID, nil
	})
	return cqrs.Decorate[groups.ConfirmBooking](groups.NewConfirmBookingHandler(tx, bookings, slots, ob, texter), log, m)
}

func ProvideCheckout(tx *database.TxManager, keys *store.IdempotencyRepo, orders *store.ShopOrderRepo, inv *store.InventoryRepo,
	intents *store.IntentRepo, payer *checkout.Submitter, log *zap.Logger, m *metrics.Registry) cqrs.CommandHandler[shop.Checkout] {
	h := shop.NewCheckoutHandler(tx, orders, inv, intents, payer)
	return cqrs.Decorate(cqrs.WithIdempotency[shop.Checkout](h, keys), log, m)
}

func ProvideRequestRefund(tx *database.TxManager, rr *store.RefundRepo, intents *store.IntentRepo, ob *outbox.Writer, log *zap.Logger, m *metrics.Registry) cqrs.CommandHandler[refunds.RequestRefund] {
	return cqrs.Decorate[refunds.RequestRefund](refunds.NewRequestRefundHandler(tx, rr, intents, ob), log, m)
}

// CommandSet provides every decorated command handler used by the API.
var CommandSet = wire.NewSet(
	ProvidePlaceOrder,
	ProvideReschedule,
	ProvidePurchaseMembership,
	ProvideSetAutoRenew,
	ProvideDonate,
	ProvideResendReceipt,
	ProvideRequestGroupBooking,
	ProvideConfirmGroupBooking,
	ProvideCheckout,
	ProvideRequestRefund,
)

// APISet is everything the API server needs.
var APISet = wire.NewSet(
	PlatformSet,
	StoreSet,
	ProviderSet,
	TemporalSet,
	CommandSet,
	wire.Bind(new(checkout.IntentStore), new(*store.IntentRepo)),
)
