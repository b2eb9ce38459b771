// Package billing accrues demurrage, issues monthly invoices to shipping
// lines and takes card payments for them.
package billing

import (
	"context"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/providers/notify"
	"github.com/quaymark/terminal-ops/internal/providers/stripepay"
)

// Accounts is the line account store.
type Accounts interface {
	Get(ctx context.Context, lineCode string) (*domain.LineAccount, error)
	AddBalance(ctx context.Context, lineCode string, delta int64) error
}

// Invoices is the invoice store.
type Invoices interface {
	Get(ctx context.Context, id string) (*domain.Invoice, error)
	ForPeriod(ctx context.Context, lineCode, period string) (*domain.Invoice, error)
	Insert(ctx context.Context, inv *domain.Invoice, lines []domain.InvoiceLine) error
	MarkSent(ctx context.Context, id string, at time.Time) error
	SetAutocharge(ctx context.Context, id, status string, paymentIntentID *string) error
	MarkPaid(ctx context.Context, id, paymentIntentID string, at time.Time) (bool, error)
}

// Accruals is the accrual store.
type Accruals interface {
	AddDay(ctx context.Context, a *domain.DemurrageAccrual) (bool, error)
	Uninvoiced(ctx context.Context, lineCode string, from, to time.Time) ([]domain.DemurrageAccrual, error)
	LinesWithUninvoiced(ctx context.Context, from, to time.Time) ([]string, error)
	MarkInvoiced(ctx context.Context, ids []int64, invoiceID string) error
}

// DwellingContainers lists containers past their free time.
type DwellingContainers interface {
	Dwelling(ctx context.Context, cutoff time.Time) ([]domain.Container, error)
}

// Payments is the payment store.
type Payments interface {
	Record(ctx context.Context, p *domain.Payment) error
	SetStatusByIntent(ctx context.Context, paymentIntentID, status string) error
}

// CreditNotes is the credit note store.
type CreditNotes interface {
	Open(ctx context.Context, cn *domain.CreditNote) (*domain.CreditNote, error)
	MarkRefunded(ctx context.Context, id, refundID string) error
}

// StripeEvents claims webhook events.
type StripeEvents interface {
	Claim(ctx context.Context, eventID, eventType string) (bool, error)
}

// CardProcessor is the Stripe surface used for payments.
type CardProcessor interface {
	Charge(ctx context.Context, p stripepay.ChargeParams) (*stripe.PaymentIntent, error)
	Refund(ctx context.Context, paymentIntentID string, amountCents int64, idempotencyKey string, meta map[string]string) (*stripe.Refund, error)
}

// Mailer sends e-mail.
type Mailer interface {
	Send(ctx context.Context, msg notify.Message) error
}

// periodBounds returns [first day of period, first day of next period).
func periodBounds(period string) (time.Time, time.Time, error) {
	from, err := time.Parse("2006-01", period)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	return from, from.AddDate(0, 1, 0), nil
}
