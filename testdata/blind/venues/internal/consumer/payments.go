package consumer

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/provider/cardpay"
)

type BillingEvents interface {
	RecordChargeSucceeded(ctx context.Context, evt cardpay.Event) error
	RecordChargeFailed(ctx context.Context, evt cardpay.Event) (domain.Instalment, bool, error)
	RetryAt(inst domain.Instalment) (time.Time, bool)
	RecordRefunded(ctx context.Context, evt cardpay.Event) error
}

type InstalmentRetrier interface {
	InstalmentRetry(ctx context.Context, instalmentID uuid.UUID, eventID string, at time.Time) error
}

// PaymentHandlers consume Cardpay webhook events.
type PaymentHandlers struct {
	billing BillingEvents
	tasks   InstalmentRetrier
	log     *slog.Logger
}

func NewPaymentHandlers(billing BillingEvents, tasks InstalmentRetrier, log *slog.Logger) *PaymentHandlers {
	return &PaymentHandlers{billing: billing, tasks: tasks, log: log}
}

func (h *PaymentHandlers) ChargeSucceeded(msg *message.Message) error {
	evt, err := decode[cardpay.Event](msg)
	if err != nil {
		return err
	}
	return h.billing.RecordChargeSucceeded(msg.Context(), evt)
}

// ChargeFailed records a declined instalment and schedules the next try.
func (h *PaymentHandlers) ChargeFailed(msg *message.Message) error {
	ctx := msg.Context()
	evt, err := decode[cardpay.Event](msg)
	if err != nil {
		return err
	}
	inst, ok, err := h.billing.RecordChargeFailed(ctx, evt)
	if err != nil || !ok {
		return err
	}
	at, retry := h.billing.RetryAt(inst)
	if !retry {
		h.log.WarnContext(ctx, "instalment keeps failing, leaving it for the planner",
			"instalment_id", inst.ID, "booking_id", inst.BookingID, "failures", inst.FailureCount)
		return nil
	}
	if err := h.tasks.InstalmentRetry(ctx, inst.ID, evt.ID, at); err != nil {
		return fmt.Errorf("schedule instalment retry: %w", err)
	}
	return nil
}

func (h *PaymentHandlers) ChargeRefunded(msg *message.Message) error {
	evt, err := decode[cardpay.Event](msg)
	if err != nil {
		return err
	}
	return h.billing.RecordRefunded(msg.Context(), evt)
}
