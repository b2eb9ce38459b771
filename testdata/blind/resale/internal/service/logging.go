package service

import (
	"context"
	"log/slog"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/platform/logging"
	"github.com/encorelane/resale/internal/provider/tillpoint"
)

// Logging decorators. Each wraps a service interface and logs every call's
// outcome and latency; the wire providers hand out the decorated value.

func logged[T any](ctx context.Context, log *slog.Logger, op string, fn func() (T, error), attrs ...any) (T, error) {
	var out T
	err := logging.Call(ctx, log, op, func() error {
		var err error
		out, err = fn()
		return err
	}, attrs...)
	return out, err
}

type decorator[S any] struct {
	next S
	log  *slog.Logger
}

func decorate[S any](next S, log *slog.Logger, name string) decorator[S] {
	return decorator[S]{next: next, log: log.With("service", name)}
}

type loggingListings struct{ decorator[ListingService] }

func WithListingLogging(next ListingService, log *slog.Logger) ListingService {
	return loggingListings{decorate(next, log, "listings")}
}

func (l loggingListings) Create(ctx context.Context, in *domain.Listing) (*domain.Listing, error) {
	return logged(ctx, l.log, "create", func() (*domain.Listing, error) { return l.next.Create(ctx, in) },
		"seller_id", in.SellerID, "event_id", in.EventID)
}

func (l loggingListings) Get(ctx context.Context, id string) (*domain.Listing, error) {
	return logged(ctx, l.log, "get", func() (*domain.Listing, error) { return l.next.Get(ctx, id) }, "listing_id", id)
}

func (l loggingListings) Cancel(ctx context.Context, sellerID, listingID string) error {
	return logging.Call(ctx, l.log, "cancel", func() error { return l.next.Cancel(ctx, sellerID, listingID) }, "listing_id", listingID)
}

type loggingCheckout struct{ decorator[CheckoutService] }

func WithCheckoutLogging(next CheckoutService, log *slog.Logger) CheckoutService {
	return loggingCheckout{decorate(next, log, "checkout")}
}

func (l loggingCheckout) PlaceOrder(ctx context.Context, in PlaceOrderInput) (*domain.Order, error) {
	return logged(ctx, l.log, "place_order", func() (*domain.Order, error) { return l.next.PlaceOrder(ctx, in) },
		"buyer_id", in.BuyerID, "listing_id", in.ListingID)
}

func (l loggingCheckout) PayOrder(ctx context.Context, in PayOrderInput) (*domain.Order, error) {
	return logged(ctx, l.log, "pay_order", func() (*domain.Order, error) { return l.next.PayOrder(ctx, in) }, "order_id", in.OrderID)
}

type loggingPaymentEvents struct{ decorator[PaymentEventService] }

func WithPaymentEventLogging(next PaymentEventService, log *slog.Logger) PaymentEventService {
	return loggingPaymentEvents{decorate(next, log, "payment_events")}
}

func (l loggingPaymentEvents) Handle(ctx context.Context, evt tillpoint.WebhookEvent) error {
	return logging.Call(ctx, l.log, "handle", func() error { return l.next.Handle(ctx, evt) }, "event_id", evt.ID, "type", evt.Type)
}

type loggingTransfers struct{ decorator[TransferService] }

func WithTransferLogging(next TransferService, log *slog.Logger) TransferService {
	return loggingTransfers{decorate(next, log, "transfers")}
}

func (l loggingTransfers) Deliver(ctx context.Context, orderID string) error {
	return logging.Call(ctx, l.log, "deliver", func() error { return l.next.Deliver(ctx, orderID) }, "order_id", orderID)
}

func (l loggingTransfers) OnTransferred(ctx context.Context, msg domain.TicketTransferred) error {
	return logging.Call(ctx, l.log, "on_transferred", func() error { return l.next.OnTransferred(ctx, msg) }, "transfer_id", msg.TransferID)
}

func (l loggingTransfers) OnTransferFailed(ctx context.Context, msg domain.TicketTransferFailed) error {
	return logging.Call(ctx, l.log, "on_transfer_failed", func() error { return l.next.OnTransferFailed(ctx, msg) },
		"transfer_id", msg.TransferID, "retryable", msg.Retryable)
}

type loggingPayouts struct{ decorator[PayoutService] }

func WithPayoutLogging(next PayoutService, log *slog.Logger) PayoutService {
	return loggingPayouts{decorate(next, log, "payouts")}
}

func (l loggingPayouts) ReleaseForEvent(ctx context.Context, msg domain.EventCompleted) error {
	return logging.Call(ctx, l.log, "release_for_event", func() error { return l.next.ReleaseForEvent(ctx, msg) }, "promoter_event_id", msg.EventID)
}

func (l loggingPayouts) PayOrder(ctx context.Context, orderID string) error {
	return logging.Call(ctx, l.log, "pay_order", func() error { return l.next.PayOrder(ctx, orderID) }, "order_id", orderID)
}

type loggingRefunds struct{ decorator[RefundService] }

func WithRefundLogging(next RefundService, log *slog.Logger) RefundService {
	return loggingRefunds{decorate(next, log, "refunds")}
}

func (l loggingRefunds) RefundOrder(ctx context.Context, orderID, reason string) error {
	return logging.Call(ctx, l.log, "refund_order", func() error { return l.next.RefundOrder(ctx, orderID, reason) }, "order_id", orderID, "reason", reason)
}

type loggingCashouts struct{ decorator[CashoutService] }

func WithCashoutLogging(next CashoutService, log *slog.Logger) CashoutService {
	return loggingCashouts{decorate(next, log, "cashouts")}
}

func (l loggingCashouts) Request(ctx context.Context, sellerID string, amountCents int64) (*domain.Cashout, error) {
	return logged(ctx, l.log, "request", func() (*domain.Cashout, error) { return l.next.Request(ctx, sellerID, amountCents) },
		"seller_id", sellerID, "amount_cents", amountCents)
}

type loggingDisputes struct{ decorator[DisputeService] }

func WithDisputeLogging(next DisputeService, log *slog.Logger) DisputeService {
	return loggingDisputes{decorate(next, log, "disputes")}
}

func (l loggingDisputes) Open(ctx context.Context, buyerID, orderID, reason string) (*domain.Dispute, error) {
	return logged(ctx, l.log, "open", func() (*domain.Dispute, error) { return l.next.Open(ctx, buyerID, orderID, reason) }, "order_id", orderID)
}

type loggingEvents struct{ decorator[EventService] }

func WithEventLogging(next EventService, log *slog.Logger) EventService {
	return loggingEvents{decorate(next, log, "events")}
}

func (l loggingEvents) Cancel(ctx context.Context, messageID string, msg domain.EventCancelled) error {
	return logging.Call(ctx, l.log, "cancel", func() error { return l.next.Cancel(ctx, messageID, msg) }, "message_id", messageID)
}

func (l loggingEvents) Reschedule(ctx context.Context, messageID string, msg domain.EventRescheduled) error {
	return logging.Call(ctx, l.log, "reschedule", func() error { return l.next.Reschedule(ctx, messageID, msg) }, "message_id", messageID)
}

func (l loggingEvents) ReplaceBarcode(ctx context.Context, msg domain.BarcodeReissued) error {
	return logging.Call(ctx, l.log, "replace_barcode", func() error { return l.next.ReplaceBarcode(ctx, msg) }, "promoter_event_id", msg.EventID)
}

type loggingSettlement struct{ decorator[SettlementService] }

func WithSettlementLogging(next SettlementService, log *slog.Logger) SettlementService {
	return loggingSettlement{decorate(next, log, "settlement")}
}

func (l loggingSettlement) CloseDue(ctx context.Context) error {
	return logging.Call(ctx, l.log, "close_due", func() error { return l.next.CloseDue(ctx) })
}

type loggingReceipts struct{ decorator[ReceiptService] }

func WithReceiptLogging(next ReceiptService, log *slog.Logger) ReceiptService {
	return loggingReceipts{decorate(next, log, "receipts")}
}

func (l loggingReceipts) Send(ctx context.Context, orderID string) error {
	return logging.Call(ctx, l.log, "send", func() error { return l.next.Send(ctx, orderID) }, "order_id", orderID)
}
