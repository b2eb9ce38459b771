package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/rs/xid"

	"github.com/harbourline-systems/pilotage/internal/db"
	"github.com/harbourline-systems/pilotage/internal/store"
)

// ErrUnmatched is returned when a credit names no invoice we know.
var ErrUnmatched = errors.New("credit does not match an invoice")

// credit is money received against an invoice, whichever feed it came from.
type credit struct {
	invoiceNumber string
	amountCents   int64
	bankReference string
	source        string
	receivedAt    time.Time
}

// invoiceNumberFrom pulls our invoice number out of the free-text
// remittance information agents type into their bank transfer.
func invoiceNumberFrom(remittance string) string {
	for _, f := range strings.FieldsFunc(strings.ToUpper(remittance), func(r rune) bool {
		return r == ' ' || r == ',' || r == ';' || r == '/'
	}) {
		if strings.HasPrefix(f, "PLT-") && len(f) == len("PLT-0000000") {
			return f
		}
	}
	return ""
}

// applyCredit books c against its invoice using q, which must be bound to
// the caller's transaction.
func applyCredit(ctx context.Context, q *db.Queries, c credit) error {
	if c.invoiceNumber == "" {
		return ErrUnmatched
	}
	inv, err := q.GetInvoiceByNumber(ctx, c.invoiceNumber)
	if store.IsNotFound(err) {
		return ErrUnmatched
	}
	if err != nil {
		return err
	}
	err = q.InsertPayment(ctx, db.InsertPaymentParams{
		ID:            xid.New().String(),
		InvoiceID:     inv.ID,
		AmountCents:   c.amountCents,
		BankReference: c.bankReference,
		Source:        c.source,
		ReceivedAt:    c.receivedAt,
	})
	if err != nil {
		return fmt.Errorf("insert payment: %w", err)
	}
	return q.ApplyPayment(ctx, db.ApplyPaymentParams{ID: inv.ID, AmountCents: c.amountCents})
}
