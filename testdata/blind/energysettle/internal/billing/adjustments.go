package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
)

// AdjustmentRepository is what AdjustmentService needs inside its
// transaction.
type AdjustmentRepository interface {
	GetAccount(ctx context.Context, id string) (*model.Account, error)
	GetInvoiceForUpdate(ctx context.Context, id string) (*model.Invoice, error)
	InsertManualAdjustment(ctx context.Context, a *model.ManualAdjustment) error
	AdjustBalance(ctx context.Context, id string, delta int64) error
}

// AdjustmentRequest is a manual debit (positive) or credit (negative).
type AdjustmentRequest struct {
	AccountID   string `json:"account_id"`
	InvoiceID   string `json:"invoice_id,omitempty"`
	AmountPence int64  `json:"amount_pence"`
	Reason      string `json:"reason"`
	CreatedBy   string `json:"-"`
}

// maxManualAdjustmentPence caps what the billing team can book without a
// second approver (handled outside this service).
const maxManualAdjustmentPence = 50_000_00

// AdjustmentService books manual adjustments.
type AdjustmentService struct {
	uow   txn.Runner[AdjustmentRepository]
	newID func() string
	now   func() time.Time
	log   *slog.Logger
}

// NewAdjustmentService wires an AdjustmentService.
func NewAdjustmentService(uow txn.Runner[AdjustmentRepository], newID func() string, now func() time.Time, log *slog.Logger) *AdjustmentService {
	return &AdjustmentService{uow: uow, newID: newID, now: now, log: log}
}

// Create books an adjustment and, when it is against an invoice, moves the
// invoice balance in the same transaction.
func (s *AdjustmentService) Create(ctx context.Context, req AdjustmentRequest) (*model.ManualAdjustment, error) {
	if req.AmountPence == 0 || req.Reason == "" {
		return nil, fmt.Errorf("%w: amount and reason are required", ErrInvalid)
	}
	if req.AmountPence > maxManualAdjustmentPence || req.AmountPence < -maxManualAdjustmentPence {
		return nil, fmt.Errorf("%w: amount exceeds single-approver limit", ErrInvalid)
	}
	adj := &model.ManualAdjustment{
		ID:          s.newID(),
		AccountID:   req.AccountID,
		AmountPence: req.AmountPence,
		Reason:      req.Reason,
		CreatedBy:   req.CreatedBy,
		CreatedAt:   s.now(),
	}
	err := s.uow.Do(ctx, func(r AdjustmentRepository) error {
		if _, err := r.GetAccount(ctx, req.AccountID); err != nil {
			if errors.Is(err, model.ErrNotFound) {
				return fmt.Errorf("%w: unknown account", ErrInvalid)
			}
			return err
		}
		if req.InvoiceID != "" {
			inv, err := r.GetInvoiceForUpdate(ctx, req.InvoiceID)
			if err != nil {
				return err
			}
			if inv.AccountID != req.AccountID {
				return fmt.Errorf("%w: invoice belongs to another account", ErrInvalid)
			}
			if inv.BalancePence+req.AmountPence < 0 {
				return fmt.Errorf("%w: credit exceeds invoice balance", ErrInvalid)
			}
			adj.InvoiceID = &inv.ID
		}
		if err := r.InsertManualAdjustment(ctx, adj); err != nil {
			return err
		}
		if adj.InvoiceID != nil {
			return r.AdjustBalance(ctx, *adj.InvoiceID, req.AmountPence)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("manual adjustment booked", "id", adj.ID, "account_id", adj.AccountID, "amount_pence", adj.AmountPence, "by", adj.CreatedBy)
	return adj, nil
}
