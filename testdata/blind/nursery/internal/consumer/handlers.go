package consumer

import (
	"context"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/acornlane-childcare/nursery/internal/events"
)

type Collections interface {
	Collect(ctx context.Context, ev events.InvoiceIssued) error
	Retry(ctx context.Context, ev events.CollectionFailed) error
	IssueReceipt(ctx context.Context, ev events.PaymentConfirmed) error
	RecordArrears(ctx context.Context, messageID string, ev events.CollectionFailed) error
}

type CollectionNotifier interface {
	CollectionFailed(ctx context.Context, ev events.CollectionFailed) error
}

type Enrolments interface {
	OnConfirmed(ctx context.Context, ev events.EnrolmentConfirmed) error
}

type Bookings interface {
	OnSwapped(ctx context.Context, ev events.BookingSwapped) error
}

type Funding interface {
	Submit(ctx context.Context, ev events.FundingClaimRequested) error
}

type Messaging interface {
	Dispatch(ctx context.Context, ev events.ParentMessageQueued) error
}

type Ratio interface {
	OnBreached(ctx context.Context, ev events.RatioBreached) error
}

// Handlers holds the services the worker's routes call.
type Handlers struct {
	Collections Collections
	Notifier    CollectionNotifier
	Enrolments  Enrolments
	Bookings    Bookings
	Funding     Funding
	Messaging   Messaging
	Ratio       Ratio
	Log         *slog.Logger
}

// Routes is the worker's routing table.
func (h *Handlers) Routes() []Route {
	return []Route{
		{Name: "collect-issued-invoice", Topic: events.TopicInvoiceIssued, Group: "collections", Handle: handle(h.Collections.Collect)},
		{Name: "retry-failed-collection", Topic: events.TopicCollectionFailed, Group: "collections-retry", Handle: handle(h.Collections.Retry)},
		{Name: "text-collection-failed", Topic: events.TopicCollectionFailed, Group: "parent-notify", Handle: handle(h.Notifier.CollectionFailed)},
		{Name: "record-arrears", Topic: events.TopicCollectionFailed, Group: "arrears", Handle: h.recordArrears},
		{Name: "issue-receipt", Topic: events.TopicPaymentConfirmed, Group: "receipts", Handle: handle(h.Collections.IssueReceipt)},
		{Name: "welcome-enrolment", Topic: events.TopicEnrolmentConfirmed, Group: "enrolment-welcome", Handle: handle(h.Enrolments.OnConfirmed)},
		{Name: "confirm-swap", Topic: events.TopicBookingSwapped, Group: "booking-notify", Handle: handle(h.Bookings.OnSwapped)},
		{Name: "submit-funding-claim", Topic: events.TopicFundingClaimRequested, Group: "funding", Handle: handle(h.Funding.Submit)},
		{Name: "dispatch-parent-message", Topic: events.TopicParentMessageQueued, Group: "messaging", Handle: handle(h.Messaging.Dispatch)},
		{Name: "text-room-lead", Topic: events.TopicRatioBreached, Group: "ratio", Handle: handle(h.Ratio.OnBreached)},
	}
}

// recordArrears runs in the subscriber's transaction so that the ledger
// entry, the message claim and the ack commit together.
func (h *Handlers) recordArrears(msg *message.Message) error {
	ev, err := decode[events.CollectionFailed](msg)
	if err != nil {
		return err
	}
	ctx, err := inSubscriberTx(msg.Context())
	if err != nil {
		return err
	}
	return h.Collections.RecordArrears(ctx, msg.UUID, ev)
}
