package maintenance

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/providers/payouts"
)

// PayInvoice pays an approved contractor invoice to the contractor's bank
// account on file.
func (s *Service) PayInvoice(ctx context.Context, invoiceID string) error {
	inv, err := s.q.GetContractorInvoice(ctx, invoiceID)
	if err != nil {
		return fmt.Errorf("load invoice: %w", err)
	}
	switch inv.Status {
	case "paid", "rejected":
		return nil
	}
	contractor, err := s.q.GetContractor(ctx, inv.ContractorID)
	if err != nil {
		return fmt.Errorf("load contractor: %w", err)
	}

	transfer, err := s.payer.CreateTransfer(ctx, payouts.TransferRequest{
		DestinationAccount: contractor.PayoutAccountID,
		AmountCents:        inv.AmountCents,
		StatementText:      "QUADHALL INV " + inv.InvoiceNumber,
	})
	if err != nil {
		return fmt.Errorf("pay invoice %s: %w", inv.InvoiceNumber, err)
	}

	return s.q.MarkInvoicePaid(ctx, db.MarkInvoicePaidParams{
		ID:       inv.ID,
		PayoutID: sql.NullString{String: transfer.ID, Valid: true},
	})
}
