package worker

import (
	"context"
	"fmt"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/halcyonevents/confreg/internal/domain"
	"github.com/halcyonevents/confreg/internal/events"
	"github.com/halcyonevents/confreg/internal/providers/cardpay"
)

// RefundStore reads and updates refunds.
type RefundStore interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Refund, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, providerRefundID string, at time.Time) error
}

// PaymentReader reads ticket payments.
type PaymentReader interface {
	ForOrder(ctx context.Context, orderID uuid.UUID) (*domain.Payment, error)
}

// Refunder creates card refunds.
type Refunder interface {
	CreateRefund(ctx context.Context, req cardpay.RefundRequest) (*cardpay.Refund, error)
}

// RefundSubmitter pushes requested refunds to the card provider. Completion
// arrives later through the refund.succeeded webhook.
type RefundSubmitter struct {
	refunds  RefundStore
	payments PaymentReader
	cards    Refunder
	now      func() time.Time
}

// NewRefundSubmitter returns a RefundSubmitter.
func NewRefundSubmitter(refunds RefundStore, payments PaymentReader, cards Refunder) *RefundSubmitter {
	return &RefundSubmitter{refunds: refunds, payments: payments, cards: cards, now: time.Now}
}

// Handle processes refund.requested.
func (h *RefundSubmitter) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.RefundRequested](msg)
	if err != nil {
		return err
	}
	ctx := msg.Context()

	ref, err := h.refunds.Get(ctx, ev.RefundID)
	if err != nil {
		return err
	}
	if ref.Status != domain.RefundRequested {
		return nil
	}
	payment, err := h.payments.ForOrder(ctx, ref.TicketOrderID)
	if err != nil {
		return err
	}

	res, err := h.cards.CreateRefund(ctx, cardpay.RefundRequest{
		ChargeID:    payment.ProviderChargeID,
		AmountCents: ref.AmountCents,
		Reason:      "requested_by_customer",
	})
	if err != nil {
		return fmt.Errorf("refund %s: %w", ref.ID, err)
	}
	return h.refunds.MarkSubmitted(ctx, ref.ID, res.ID, h.now().UTC())
}
