package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// DunningRepository is what DunningService needs from storage.
type DunningRepository interface {
	GetInvoice(ctx context.Context, id string) (*model.Invoice, error)
	TransitionInvoiceStatus(ctx context.Context, id, from, to string) (int64, error)
	InsertLateFee(ctx context.Context, fee *model.LateFee) (bool, error)
	AdjustBalance(ctx context.Context, id string, delta int64) error
}

// DunningNotice asks for an invoice to be checked for arrears.
type DunningNotice struct {
	InvoiceID string
	AsOf      time.Time
}

// DunningService moves invoices into arrears and charges the late fee.
type DunningService struct {
	repo      DunningRepository
	feePence  int64
	graceDays int
	newID     func() string
	now       func() time.Time
	log       *slog.Logger
}

// NewDunningService wires a DunningService.
func NewDunningService(repo DunningRepository, feePence int64, graceDays int, newID func() string, now func() time.Time, log *slog.Logger) *DunningService {
	return &DunningService{repo: repo, feePence: feePence, graceDays: graceDays, newID: newID, now: now, log: log}
}

// Process marks the invoice overdue if it is past its grace period and
// charges the late fee.
func (s *DunningService) Process(ctx context.Context, n DunningNotice) error {
	inv, err := s.repo.GetInvoice(ctx, n.InvoiceID)
	if errors.Is(err, model.ErrNotFound) {
		return fmt.Errorf("%w: unknown invoice %s", ErrInvalid, n.InvoiceID)
	}
	if err != nil {
		return err
	}
	if inv.Status != model.InvoiceUnpaid && inv.Status != model.InvoicePaymentFailed {
		s.log.Debug("invoice not in arrears", "invoice_id", inv.ID, "status", inv.Status)
		return nil
	}
	asOf := n.AsOf
	if asOf.IsZero() {
		asOf = s.now()
	}
	if asOf.Before(inv.DueDate.AddDate(0, 0, s.graceDays)) || inv.BalancePence <= 0 {
		return nil
	}

	changed, err := s.repo.TransitionInvoiceStatus(ctx, inv.ID, inv.Status, model.InvoiceOverdue)
	if err != nil {
		return err
	}
	if changed == 0 {
		// Someone else moved it on (paid, credited) in the meantime.
		return nil
	}
	fee := &model.LateFee{ID: s.newID(), InvoiceID: inv.ID, AmountPence: s.feePence, CreatedAt: s.now()}
	charged, err := s.repo.InsertLateFee(ctx, fee)
	if err != nil {
		return fmt.Errorf("late fee for %s: %w", inv.ID, err)
	}
	if charged {
		if err := s.repo.AdjustBalance(ctx, inv.ID, fee.AmountPence); err != nil {
			return fmt.Errorf("add late fee to %s: %w", inv.ID, err)
		}
	}
	s.log.Info("invoice overdue", "invoice_id", inv.ID, "balance_pence", inv.BalancePence+fee.AmountPence)
	return nil
}
