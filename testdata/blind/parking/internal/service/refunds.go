package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/payments"
	"github.com/cityparking/parking/internal/store"
)

type RefundService struct {
	tx      store.TxManager
	charges store.ChargeRepository
	refunds store.RefundRepository
	gateway payments.Gateway
	clock   Clock
}

func NewRefundService(tx store.TxManager, charges store.ChargeRepository, refunds store.RefundRepository,
	gateway payments.Gateway, clock Clock) *RefundService {
	return &RefundService{tx: tx, charges: charges, refunds: refunds, gateway: gateway, clock: clock}
}

type RefundInput struct {
	SessionID   uuid.UUID
	AmountCents int64
	Reason      string
	Operator    string
}

// RefundSession returns part or all of an overcharged session to the card.
// A session can be refunded once; the refund row is created first so the
// operator console shows it while the processor call is in flight.
func (s *RefundService) RefundSession(ctx context.Context, in RefundInput) (*domain.Refund, error) {
	charge, err := s.charges.GetBySession(ctx, in.SessionID)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return nil, ErrNotRefundable
		}
		return nil, err
	}
	if charge.Status != domain.ChargeSucceeded || charge.PaymentIntentID == nil {
		return nil, ErrNotRefundable
	}
	if in.AmountCents <= 0 || in.AmountCents > charge.AmountCents {
		return nil, ErrAmountTooLarge
	}

	var rf *domain.Refund
	err = s.tx.InTx(ctx, func(tx *sqlx.Tx) error {
		var err error
		rf, _, err = s.refunds.Claim(ctx, tx, &domain.Refund{
			ID:          uuid.New(),
			SessionID:   in.SessionID,
			ChargeID:    charge.ID,
			AmountCents: in.AmountCents,
			Reason:      in.Reason,
			RequestedBy: in.Operator,
			Status:      "pending",
			CreatedAt:   s.clock(),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	switch rf.Status {
	case "succeeded":
		return rf, nil
	case "failed":
		return rf, fmt.Errorf("%w: previous refund attempt failed", domain.ErrInvalidState)
	}

	res, err := s.gateway.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: *charge.PaymentIntentID,
		AmountCents:     rf.AmountCents,
		Reason:          "requested_by_customer",
	}, payments.WithMetadata("refund_id", rf.ID.String()), payments.WithMetadata("operator", in.Operator))
	if err != nil {
		return nil, err
	}
	if err := s.refunds.MarkSucceeded(ctx, rf.ID, res.RefundID); err != nil {
		return nil, err
	}
	rf.Status = "succeeded"
	rf.StripeRefundID = &res.RefundID
	return rf, nil
}
