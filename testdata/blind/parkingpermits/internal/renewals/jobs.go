// Package renewals runs the yearly permit renewal: a reminder 45 days out,
// an auto-renew charge two weeks before expiry for residents with a saved
// card, and the term extension once the charge clears.
package renewals

import (
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

const queueRenewals = "renewals"

// NoticeArgs sends the renewal reminder for one permit and term.
type NoticeArgs struct {
	PermitID uuid.UUID `json:"permit_id"`
	TermYear int       `json:"term_year"`
	// Run ties the job to the scheduler run that queued it, for the ops
	// dashboard.
	Run string `json:"run"`
}

func (NoticeArgs) Kind() string { return "renewal_notice" }

func (NoticeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       queueRenewals,
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// ChargeArgs charges the saved card for one permit and term.
type ChargeArgs struct {
	PermitID uuid.UUID `json:"permit_id"`
	TermYear int       `json:"term_year"`
}

func (ChargeArgs) Kind() string { return "renewal_charge" }

func (ChargeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       queueRenewals,
		MaxAttempts: 5,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// ApplyArgs extends the permit once a renewal order is paid.
type ApplyArgs struct {
	OrderID uuid.UUID `json:"order_id"`
}

func (ApplyArgs) Kind() string { return "renewal_apply" }

func (ApplyArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queueRenewals, MaxAttempts: 10}
}

// RevenuePostArgs posts one business day's online and renewal revenue to the
// general ledger.
type RevenuePostArgs struct {
	BusinessDate string `json:"business_date"`
}

func (RevenuePostArgs) Kind() string { return "revenue_daily_post" }

func (RevenuePostArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       river.QueueDefault,
		MaxAttempts: 20,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// YesterdayRevenuePost is the periodic job constructor for the daily post.
func YesterdayRevenuePost(loc *time.Location) river.PeriodicJobConstructor {
	return func() (river.JobArgs, *river.InsertOpts) {
		day := time.Now().In(loc).AddDate(0, 0, -1)
		return RevenuePostArgs{BusinessDate: day.Format(time.DateOnly)}, nil
	}
}
