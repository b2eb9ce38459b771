package collections

import (
	"fmt"
	"time"

	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/providers/cards"
)

// run holds the state of one collections run.
type run struct {
	date      time.Time
	startedAt time.Time
	summary   Summary
}

func newRun(date time.Time) *run {
	return &run{date: date, startedAt: time.Now()}
}

func (r *run) chargeKey(instalmentID string) string {
	return fmt.Sprintf("collect:%s:%d", instalmentID, r.startedAt.UnixMilli())
}

func (r *run) chargeRequest(d db.DueInstalment) cards.ChargeRequest {
	return cards.ChargeRequest{
		CustomerID:      d.StripeCustomerID.String,
		PaymentMethodID: d.AutopayPm.String,
		AmountCents:     d.OutstandingCents,
		Currency:        d.Currency,
		Description:     "Scheduled instalment " + r.date.Format("2006-01-02"),
		Metadata:        map[string]string{"instalment_id": d.InstalmentID, "loan_id": d.LoanID},
		IdempotencyKey:  r.chargeKey(d.InstalmentID),
	}
}

// Summary reports what a run did.
type Summary struct {
	Attempted int
	Collected int
	Declined  int
	Errors    int
}
