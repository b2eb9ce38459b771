package enrolment

import (
	"fmt"
	"time"

	"github.com/lingua/academy/internal/store"
)

// Plans offered at enrolment.
const (
	PlanUpfront  = "upfront"
	PlanMonthly3 = "monthly_3"
	PlanMonthly6 = "monthly_6"
)

func instalmentCount(plan string) (int, error) {
	switch plan {
	case PlanUpfront:
		return 1, nil
	case PlanMonthly3:
		return 3, nil
	case PlanMonthly6:
		return 6, nil
	}
	return 0, fmt.Errorf("unknown plan %q", plan)
}

// buildSchedule splits total into n monthly instalments, the first due
// today, with the rounding remainder on the first instalment. credit is
// taken off the earliest instalments first.
func buildSchedule(enrolmentID, plan string, total, credit int64, currency string, today time.Time) ([]store.Instalment, int64, error) {
	n, err := instalmentCount(plan)
	if err != nil {
		return nil, 0, err
	}
	each := total / int64(n)
	rem := total - each*int64(n)
	var applied int64
	out := make([]store.Instalment, 0, n)
	for i := 0; i < n; i++ {
		amount := each
		if i == 0 {
			amount += rem
		}
		use := min(credit-applied, amount)
		amount -= use
		applied += use
		status := store.InstalmentScheduled
		if amount == 0 {
			status = store.InstalmentPaid
		}
		out = append(out, store.Instalment{
			ID:          fmt.Sprintf("%s-%02d", enrolmentID, i+1),
			EnrolmentID: enrolmentID,
			Seq:         i + 1,
			DueOn:       today.AddDate(0, i, 0),
			AmountCents: amount,
			Currency:    currency,
			Status:      status,
		})
	}
	return out, applied, nil
}

// paidSoFar sums the instalments that have been collected.
func paidSoFar(items []store.Instalment) int64 {
	var paid int64
	for _, it := range items {
		if it.Status == store.InstalmentPaid {
			paid += it.AmountCents
		}
	}
	return paid
}
