package payments

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"

	provider "github.com/harborline/brokerage/internal/clients/payments"
	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/repository"
)

const webhookSource = "payments"

type eventHandler func(ctx context.Context, tx *gorm.DB, evt provider.Event) error

func (s *service) handlers() map[string]eventHandler {
	return map[string]eventHandler{
		"charge.succeeded": s.onChargeSucceeded,
		"charge.failed":    s.onChargeFailed,
	}
}

// HandleProviderEvent applies a payments-provider webhook event.
func (s *service) HandleProviderEvent(ctx context.Context, evt provider.Event) error {
	seen, err := s.Inbox.SeenEvent(ctx, webhookSource, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		s.Log.DebugContext(ctx, "duplicate payments event", "event", evt.ID)
		return nil
	}

	h, ok := s.handlers()[evt.Type]
	if !ok {
		return nil
	}
	if err := s.Tx.InTx(ctx, func(tx *gorm.DB) error { return h(ctx, tx, evt) }); err != nil {
		return fmt.Errorf("payments event %s (%s): %w", evt.ID, evt.Type, err)
	}

	_, err = s.Inbox.RecordEvent(ctx, webhookSource, evt.ID, evt.Type)
	return err
}

func (s *service) onChargeSucceeded(ctx context.Context, tx *gorm.DB, evt provider.Event) error {
	if evt.Data.Metadata["kind"] != "deposit" {
		return nil
	}
	pr := s.Payments.WithTx(tx)
	dep, err := pr.GetDepositByProviderID(ctx, evt.Data.ChargeID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := pr.SetDepositStatus(ctx, dep.ID, domain.PaymentSucceeded); err != nil {
		return err
	}
	return s.Shipments.WithTx(tx).AdjustDepositBalance(ctx, dep.ShipmentID, evt.Data.AmountCents)
}

func (s *service) onChargeFailed(ctx context.Context, tx *gorm.DB, evt provider.Event) error {
	if evt.Data.Metadata["kind"] != "deposit" {
		return nil
	}
	pr := s.Payments.WithTx(tx)
	dep, err := pr.GetDepositByProviderID(ctx, evt.Data.ChargeID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return pr.SetDepositStatus(ctx, dep.ID, domain.PaymentFailed)
}
