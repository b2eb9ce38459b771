package billing

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/idem"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/storage"
)

// AdjustParams is a manual balance adjustment by customer service.
type AdjustParams struct {
	AccountID      string
	AmountCents    int64
	Memo           string
	Actor          string
	IdempotencyKey string
}

const scopeAdjustment = "admin.adjustment"

// Adjust posts a manual adjustment. The admin UI sends an Idempotency-Key
// that is claimed in the transaction that posts the entry.
func (s *Impl) Adjust(ctx context.Context, p AdjustParams) (*domain.LedgerEntry, error) {
	if p.AmountCents == 0 || p.Memo == "" {
		return nil, fmt.Errorf("%w: amount and memo are required", domain.ErrInvalid)
	}
	var entry domain.LedgerEntry
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claim, err := s.idem.ClaimTx(tx, scopeAdjustment, p.IdempotencyKey, idem.Hash(p))
		if err != nil {
			return err
		}
		if !claim.Fresh {
			return tx.First(&entry, "id = ?", claim.Record.ResourceID).Error
		}
		entry = domain.LedgerEntry{
			ID:          ids.New(),
			AccountID:   p.AccountID,
			Kind:        domain.LedgerAdjustment,
			AmountCents: p.AmountCents,
			Memo:        p.Memo,
			CreatedBy:   p.Actor,
			CreatedAt:   time.Now().UTC(),
		}
		if err := s.ledger.Post(storage.WithTx(ctx, tx), &entry); err != nil {
			return err
		}
		return s.idem.CompleteTx(tx, scopeAdjustment, p.IdempotencyKey, entry.ID, 201, nil)
	})
	if err != nil {
		return nil, err
	}
	return &entry, nil
}

// RefundParams refunds part or all of a trip charge to the account balance.
type RefundParams struct {
	ChargeID    string
	AmountCents int64
	Reason      string
	Actor       string
}

// RefundOutcome is the result of RefundCharge.
type RefundOutcome struct {
	LedgerEntryID  string `json:"ledger_entry_id"`
	ChargeID       string `json:"charge_id"`
	AccountID      string `json:"account_id"`
	RefundedCents  int64  `json:"refunded_cents"`
	RemainingCents int64  `json:"remaining_cents"`
}

// RefundCharge credits (part of) a trip charge back to the account.
func (s *Impl) RefundCharge(ctx context.Context, p RefundParams) (*RefundOutcome, error) {
	var out RefundOutcome
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		var ch domain.TripCharge
		if err := storage.Conn(ctx, s.db).Clauses(lockForUpdate()).First(&ch, "id = ?", p.ChargeID).Error; err != nil {
			return err
		}
		remaining := ch.AmountCents - ch.RefundedCents
		amount := p.AmountCents
		if amount == 0 {
			amount = remaining
		}
		if amount <= 0 || amount > remaining {
			return fmt.Errorf("%w: %d cents refundable", domain.ErrPrecondition, remaining)
		}
		entry := &domain.LedgerEntry{
			ID:          ids.New(),
			AccountID:   ch.AccountID,
			Kind:        domain.LedgerRefund,
			AmountCents: amount,
			Reference:   ch.ID,
			Memo:        p.Reason,
			CreatedBy:   p.Actor,
		}
		if err := s.ledger.Post(ctx, entry); err != nil {
			return err
		}
		if err := s.charges.AddRefunded(ctx, ch.ID, amount); err != nil {
			return err
		}
		out = RefundOutcome{
			LedgerEntryID: entry.ID, ChargeID: ch.ID, AccountID: ch.AccountID,
			RefundedCents: amount, RemainingCents: remaining - amount,
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// CreditParams is a goodwill or service credit pushed by the CRM.
type CreditParams struct {
	AccountID   string
	AmountCents int64
	Reference   string
	Memo        string
	Actor       string
}

// Credit posts a positive ledger entry to an account.
func (s *Impl) Credit(ctx context.Context, c CreditParams) (*domain.LedgerEntry, error) {
	if c.AmountCents <= 0 {
		return nil, fmt.Errorf("%w: credit must be positive", domain.ErrInvalid)
	}
	entry := &domain.LedgerEntry{
		ID:          ids.New(),
		AccountID:   c.AccountID,
		Kind:        domain.LedgerCredit,
		AmountCents: c.AmountCents,
		Reference:   c.Reference,
		Memo:        c.Memo,
		CreatedBy:   c.Actor,
	}
	if err := s.ledger.Post(ctx, entry); err != nil {
		return nil, err
	}
	return entry, nil
}
