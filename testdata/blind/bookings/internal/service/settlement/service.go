// Package settlement runs the nightly settlement with partner operators:
// it totals each operator's bookings for a business day, keeps our
// commission and pays the rest out to the operator's Stripe account.
package settlement

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/stripepay"
)

// Reporter computes and stores settlement lines.
type Reporter interface {
	LinesFor(ctx context.Context, operatorCode string, businessDate time.Time) ([]domain.SettlementLine, error)
	InsertLines(ctx context.Context, batchID string, lines []domain.SettlementLine) error
	InsertAckIfAbsent(ctx context.Context, ack domain.SettlementAck) (bool, error)
}

// Payouts moves money to operators.
type Payouts interface {
	Transfer(ctx context.Context, req stripepay.TransferRequest) (*stripepay.TransferResult, error)
}

// Service runs settlement.
type Service struct {
	Tx        database.TxManager
	Operators database.Store[domain.PartnerOperator]
	Batches   database.Store[domain.SettlementBatch]
	Reporter  Reporter
	Payouts   Payouts
	Currency  string
	Log       *slog.Logger
}

// RunNightly settles every active operator for businessDate.
func (s *Service) RunNightly(ctx context.Context, businessDate time.Time) error {
	ops, err := s.Operators.FindWhere(ctx, "active = ?", true)
	if err != nil {
		return err
	}
	var firstErr error
	for i := range ops {
		if err := s.settleOperator(ctx, &ops[i], businessDate); err != nil {
			s.Log.ErrorContext(ctx, "settlement failed", "operator", ops[i].Code, "date", businessDate, "err", err)
			if firstErr == nil {
				firstErr = err
			}
		}
	}
	return firstErr
}

func (s *Service) settleOperator(ctx context.Context, op *domain.PartnerOperator, businessDate time.Time) error {
	batch := domain.SettlementBatch{
		ID:           ulid.Make().String(),
		BusinessDate: businessDate,
		OperatorCode: op.Code,
		Status:       domain.BatchOpen,
		Currency:     s.Currency,
	}
	err := s.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.Batches.Create(ctx, &batch); err != nil {
			return fmt.Errorf("create batch: %w", err)
		}
		lines, err := s.Reporter.LinesFor(ctx, op.Code, businessDate)
		if err != nil {
			return err
		}
		if err := s.Reporter.InsertLines(ctx, batch.ID, lines); err != nil {
			return err
		}
		for _, l := range lines {
			batch.GrossCents += l.GrossCents - l.RefundCents
		}
		batch.CommissionCents = batch.GrossCents * op.CommissionBps / 10_000
		batch.NetCents = batch.GrossCents - batch.CommissionCents
		batch.Status = domain.BatchComputed
		return s.Batches.Save(ctx, &batch)
	})
	if err != nil {
		return err
	}
	if batch.NetCents <= 0 {
		return nil
	}

	tr, err := s.Payouts.Transfer(ctx, stripepay.TransferRequest{
		DestinationAccount: op.StripeAccountID,
		AmountCents:        batch.NetCents,
		Currency:           batch.Currency,
		TransferGroup:      "settlement-" + batch.BusinessDate.Format("2006-01-02"),
		Description:        fmt.Sprintf("Meridian Rail settlement %s %s", op.Code, batch.BusinessDate.Format("2006-01-02")),
		Metadata:           map[string]string{"batch_id": batch.ID, "operator": op.Code},
	})
	if err != nil {
		return fmt.Errorf("payout %s: %w", op.Code, err)
	}
	_, err = s.Batches.UpdateWhere(ctx,
		map[string]any{"status": domain.BatchPaid, "stripe_transfer_id": tr.ID, "updated_at": time.Now().UTC()},
		"id = ?", batch.ID)
	return err
}

// RecordAck stores a partner's acknowledgement of a paid batch.
func (s *Service) RecordAck(ctx context.Context, ack domain.SettlementAck) error {
	return s.Tx.InTx(ctx, func(ctx context.Context) error {
		first, err := s.Reporter.InsertAckIfAbsent(ctx, ack)
		if err != nil {
			return err
		}
		if !first {
			return nil
		}
		status := domain.BatchAcknowledged
		if ack.Disputed {
			status = domain.BatchDisputed
		}
		_, err = s.Batches.UpdateWhere(ctx,
			map[string]any{"status": status, "updated_at": time.Now().UTC()},
			"id = ? AND operator_code = ? AND status = ?", ack.BatchID, ack.OperatorCode, domain.BatchPaid)
		return err
	})
}
