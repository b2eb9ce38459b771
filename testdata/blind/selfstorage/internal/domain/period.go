package domain

import "time"

// Period is a billing month in YYYY-MM form.
type Period string

// PeriodOf returns the billing period containing t.
func PeriodOf(t time.Time) Period { return Period(t.Format("2006-01")) }

// Start returns the first day of the period in loc.
func (p Period) Start(loc *time.Location) (time.Time, error) {
	t, err := time.ParseInLocation("2006-01", string(p), loc)
	if err != nil {
		return time.Time{}, err
	}
	return t, nil
}

// DueOn returns the due date for a rental with the given bill day.
func (p Period) DueOn(billDay int, loc *time.Location) (time.Time, error) {
	start, err := p.Start(loc)
	if err != nil {
		return time.Time{}, err
	}
	if billDay < 1 {
		billDay = 1
	}
	if billDay > 28 {
		billDay = 28
	}
	return start.AddDate(0, 0, billDay-1), nil
}

// ProrateCents returns the unused share of a monthly rate from day (exclusive)
// to the end of the month containing day.
func ProrateCents(monthly int64, day time.Time) int64 {
	first := time.Date(day.Year(), day.Month(), 1, 0, 0, 0, 0, day.Location())
	days := first.AddDate(0, 1, -1).Day()
	remaining := days - day.Day()
	if remaining <= 0 {
		return 0
	}
	return monthly * int64(remaining) / int64(days)
}
