// Package schedule builds instalment plans.
package schedule

import (
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/brightpay/lending/internal/db"
)

// Plan describes a repayment plan to build.
type Plan struct {
	LoanID      string
	AmountCents int64
	Count       int
	FirstSeq    int32
	Start       time.Time
	// IDFor returns the identifier of the instalment with the given
	// sequence number.
	IDFor func(seq int32) string
}

// Build splits the amount into Count monthly instalments, the first one due
// a month after Start. Rounding remainders go on the first instalment.
func Build(p Plan) []db.InsertInstalmentParams {
	if p.Count <= 0 || p.AmountCents <= 0 {
		return nil
	}
	base := p.AmountCents / int64(p.Count)
	rem := p.AmountCents - base*int64(p.Count)
	out := make([]db.InsertInstalmentParams, 0, p.Count)
	for n := 0; n < p.Count; n++ {
		seq := p.FirstSeq + int32(n)
		amt := base
		if n == 0 {
			amt += rem
		}
		due := p.Start.AddDate(0, n+1, 0)
		out = append(out, db.InsertInstalmentParams{
			ID:          p.IDFor(seq),
			LoanID:      p.LoanID,
			Seq:         seq,
			DueDate:     pgtype.Date{Time: time.Date(due.Year(), due.Month(), due.Day(), 0, 0, 0, 0, time.UTC), Valid: true},
			AmountCents: amt,
		})
	}
	return out
}

// Date converts t to a pgtype.Date in UTC.
func Date(t time.Time) pgtype.Date {
	t = t.UTC()
	return pgtype.Date{Time: time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), Valid: true}
}
