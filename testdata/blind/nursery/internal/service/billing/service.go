// Package billing covers invoice adjustments made from the back office.
// Invoices themselves are raised by the nightly invoice run.
package billing

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/platform/apperr"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
)

type Service struct {
	q  *db.Queries
	tx pgtx.Transactor
}

func NewService(q *db.Queries, tx pgtx.Transactor) *Service {
	return &Service{q: q, tx: tx}
}

type CreditInput struct {
	AmountPence int64
	Reason      string
	CreatedBy   string
}

// ApplyCredit records a credit note against an invoice and reduces its
// outstanding balance.
func (s *Service) ApplyCredit(ctx context.Context, invoiceID uuid.UUID, in CreditInput) (db.InvoiceCredit, db.Invoice, error) {
	if in.AmountPence <= 0 {
		return db.InvoiceCredit{}, db.Invoice{}, fmt.Errorf("%w: credit must be positive", apperr.ErrInvalid)
	}
	var (
		credit db.InvoiceCredit
		inv    db.Invoice
	)
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		q := pgtx.Q(ctx, s.q)
		current, err := q.GetInvoice(ctx, invoiceID)
		if err != nil {
			return apperr.NotFoundIfNoRows(err)
		}
		if in.AmountPence > current.BalancePence {
			return fmt.Errorf("%w: credit exceeds balance of %d", apperr.ErrInvalid, current.BalancePence)
		}
		credit, err = q.CreateInvoiceCredit(ctx, db.CreateInvoiceCreditParams{
			ID:          uuid.New(),
			InvoiceID:   invoiceID,
			AmountPence: in.AmountPence,
			Reason:      in.Reason,
			CreatedBy:   in.CreatedBy,
		})
		if err != nil {
			return fmt.Errorf("create credit: %w", err)
		}
		inv, err = q.ReduceInvoiceBalance(ctx, db.ReduceInvoiceBalanceParams{
			ID:          invoiceID,
			AmountPence: in.AmountPence,
		})
		return err
	})
	return credit, inv, err
}
