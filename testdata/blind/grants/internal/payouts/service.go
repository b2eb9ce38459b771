// Package payouts applies bank-side outcomes of grant payouts.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

// Bank webhook event types.
const (
	BankTransferReturned = "transfer.returned"
	BankTransferFailed   = "transfer.failed"
)

// Service implements service.PayoutService.
type Service struct {
	db      db.Beginner
	payouts repo.Payouts
	grants  repo.Grants
	log     *slog.Logger
}

var _ service.PayoutService = (*Service)(nil)

// New builds the service.
func New(b db.Beginner, payouts repo.Payouts, grants repo.Grants) *Service {
	return &Service{db: b, payouts: payouts, grants: grants, log: slog.Default().With("component", "payouts")}
}

// ApplyBankEvent applies a bank partner webhook. Deduplication of the
// partner's event ids is done by the webhook handler.
func (s *Service) ApplyBankEvent(ctx context.Context, ev service.BankEvent) error {
	switch ev.Type {
	case BankTransferReturned, BankTransferFailed:
	default:
		s.log.DebugContext(ctx, "ignoring bank event", "type", ev.Type)
		return nil
	}
	return db.Exec(ctx, s.db, func(tx *sqlx.Tx) error {
		p, err := s.payouts.WithTx(tx).MarkReturnedByTransfer(ctx, ev.TransferID)
		if errors.Is(err, db.ErrNotFound) {
			s.log.WarnContext(ctx, "bank event for unknown transfer", "transfer_id", ev.TransferID)
			return nil
		}
		if err != nil {
			return err
		}
		return s.grants.WithTx(tx).AddReturned(ctx, p.GrantID, p.AmountCents)
	})
}

// MarkSettled records that the bank statement shows the payout settled.
func (s *Service) MarkSettled(ctx context.Context, ev service.PayoutSettled) error {
	return db.Exec(ctx, s.db, func(tx *sqlx.Tx) error {
		payouts := s.payouts.WithTx(tx)
		p, err := payouts.GetForUpdate(ctx, ev.PayoutID)
		if err != nil {
			return err
		}
		switch p.Status {
		case domain.PayoutSettled:
			return nil
		case domain.PayoutSubmitted:
		default:
			return fmt.Errorf("%w: payout %s is %s", service.ErrInvalidState, p.ID, p.Status)
		}
		if err := payouts.MarkSettled(ctx, p.ID, ev.SettledAt); err != nil {
			return err
		}
		return s.grants.WithTx(tx).AddSettled(ctx, p.GrantID, p.AmountCents)
	})
}
