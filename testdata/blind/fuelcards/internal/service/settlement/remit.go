package settlement

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/providers/bankpay"
)

// Remit pays the merchant what the posted file owes them.
func (s *Service) Remit(ctx context.Context, fileID uuid.UUID) error {
	q := s.uow.Q()
	file, err := q.SettlementFile(ctx, fileID)
	if err != nil {
		return err
	}
	if file.Status != domain.FilePosted {
		return nil
	}
	if prior, err := q.RemittanceForFile(ctx, file.ID); err != nil {
		return err
	} else if prior != nil {
		_, err := q.AdvanceFile(ctx, file.ID, domain.FilePosted, domain.FileRemitted)
		return err
	}
	merchant, err := q.MerchantByID(ctx, file.MerchantID)
	if err != nil {
		return err
	}
	totals, err := q.FleetTotals(ctx, file.ID)
	if err != nil {
		return err
	}
	var amount int64
	for _, t := range totals {
		amount += t.AmountCents
	}
	if amount == 0 {
		_, err := q.AdvanceFile(ctx, file.ID, domain.FilePosted, domain.FileRemitted)
		return err
	}

	transfer, err := s.bank.CreateTransfer(ctx, bankpay.TransferRequest{
		ToAccountRef: merchant.BankAccountRef,
		AmountCents:  amount,
		Memo:         fmt.Sprintf("FUEL SETTLEMENT %s", file.BusinessDate.Format("20060102")),
	})
	if err != nil {
		return fmt.Errorf("remit merchant %s: %w", merchant.ID, err)
	}

	if err := q.InsertRemittance(ctx, domain.Remittance{
		ID:             uuid.New(),
		FileID:         file.ID,
		MerchantID:     merchant.ID,
		AmountCents:    amount,
		BankTransferID: transfer.ID,
	}); err != nil {
		return fmt.Errorf("record remittance (transfer %s): %w", transfer.ID, err)
	}
	_, err = q.AdvanceFile(ctx, file.ID, domain.FilePosted, domain.FileRemitted)
	return err
}
