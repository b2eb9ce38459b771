package consumer

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/events"
)

// DeskPayments applies pledge payments taken at the box-office counter.
type DeskPayments interface {
	ApplyBoxOfficePayment(ctx context.Context, tx *gorm.DB, pay *domain.PledgePayment) error
}

// EventLog remembers which events have been applied.
type EventLog interface {
	Seen(ctx context.Context, eventID string) (bool, error)
	Mark(ctx context.Context, eventID, eventType string) error
}

// PledgeDeskHandler applies counter payments to pledges.
type PledgeDeskHandler struct {
	DB      *gorm.DB
	Pledges DeskPayments
	Events  EventLog
}

// Handle applies a box-office pledge payment once per event.
func (h *PledgeDeskHandler) Handle(ctx context.Context, e events.Envelope) error {
	seen, err := h.Events.Seen(ctx, e.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	p, err := events.Decode[events.PledgePaymentAtDesk](e)
	if err != nil {
		return err
	}
	receipt := p.ReceiptNo
	err = h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return h.Pledges.ApplyBoxOfficePayment(ctx, tx, &domain.PledgePayment{
			ID:          uuid.NewString(),
			PledgeID:    p.PledgeID,
			Source:      "box_office",
			ReceiptNo:   &receipt,
			AmountCents: p.AmountCents,
			CreatedAt:   time.Now().UTC(),
		})
	})
	if err != nil {
		return fmt.Errorf("apply desk payment %s: %w", p.ReceiptNo, err)
	}
	return h.Events.Mark(ctx, e.ID, e.Type)
}
