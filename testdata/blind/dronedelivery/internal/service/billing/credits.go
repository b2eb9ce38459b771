package billing

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// IssueCreditCmd grants a merchant account credit.
type IssueCreditCmd struct {
	MerchantID  uuid.UUID
	AmountCents int64
	Reason      string
	IssuedBy    string
}

// Subject implements command.Subjecter.
func (c IssueCreditCmd) Subject() string { return c.MerchantID.String() }

// IssueCredit writes the credit note, raises the balance and books the ledger entry.
func (s *Service) IssueCredit(ctx context.Context, cmd IssueCreditCmd) (*domain.CreditNote, error) {
	if cmd.AmountCents <= 0 || cmd.Reason == "" {
		return nil, fmt.Errorf("%w: positive amount and reason required", domain.ErrInvalidArgument)
	}
	note := &domain.CreditNote{
		ID:          uuid.New(),
		MerchantID:  cmd.MerchantID,
		AmountCents: cmd.AmountCents,
		Reason:      cmd.Reason,
		IssuedBy:    cmd.IssuedBy,
		CreatedAt:   s.now(),
	}
	err := s.store.InTx(ctx, func(r store.Repos) error {
		if err := r.Ledger().InsertCreditNote(ctx, note); err != nil {
			return err
		}
		if err := r.Merchants().AddCredit(ctx, note.MerchantID, note.AmountCents); err != nil {
			return err
		}
		return r.Ledger().Append(ctx, &domain.LedgerEntry{
			ID:          uuid.New(),
			MerchantID:  note.MerchantID,
			EntryType:   "credit_note",
			AmountCents: -note.AmountCents,
			Memo:        note.Reason,
		})
	})
	if err != nil {
		return nil, fmt.Errorf("issue credit: %w", err)
	}
	return note, nil
}
