package billing

import (
	"time"

	"github.com/pawsure/premiums/internal/db"
	"github.com/pawsure/premiums/internal/ids"
)

// MonthlySchedule lays out months monthly premium periods starting at from.
// Schedule ids are derived from (policy, period start) so a period always has
// the same id.
func MonthlySchedule(policyID string, from time.Time, months int, amountCents int64, currency string) []db.PremiumSchedule {
	from = time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, time.UTC)
	out := make([]db.PremiumSchedule, 0, months)
	for i := 0; i < months; i++ {
		start := from.AddDate(0, i, 0)
		end := start.AddDate(0, 1, -1)
		out = append(out, db.PremiumSchedule{
			ID:          ids.Derive("schedule", policyID, start.Format(time.DateOnly)),
			PolicyID:    policyID,
			PeriodStart: start,
			PeriodEnd:   end,
			AmountCents: amountCents,
			Currency:    currency,
			Status:      "due",
		})
	}
	return out
}

// PeriodKey formats the collection period of t ("2025-03").
func PeriodKey(t time.Time) string {
	return t.UTC().Format("2006-01")
}

// ParsePeriod parses a PeriodKey into the first instant of that month.
func ParsePeriod(p string) (time.Time, error) {
	return time.Parse("2006-01", p)
}

// UnusedPremium returns the pro-rata refund for the rest of the current paid
// month when a policy is cancelled at t.
func UnusedPremium(pol db.Policy, t time.Time) int64 {
	if pol.Status != db.PolicyActive {
		return 0
	}
	start := pol.StartsOn
	// find the current period start on the policy's monthly anniversary
	for !start.AddDate(0, 1, 0).After(t) {
		start = start.AddDate(0, 1, 0)
	}
	end := start.AddDate(0, 1, 0)
	total := end.Sub(start).Hours()
	remaining := end.Sub(t).Hours()
	if remaining <= 0 || total <= 0 {
		return 0
	}
	return int64(float64(pol.MonthlyPremiumCents) * remaining / total)
}
