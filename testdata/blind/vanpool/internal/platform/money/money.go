// Package money has the small amount of arithmetic the fare logic needs.
package money

import (
	"fmt"
	"time"
)

// Cents is an amount in US cents.
type Cents int64

// String renders c as dollars, e.g. "$142.50".
func (c Cents) String() string {
	sign := ""
	if c < 0 {
		sign = "-"
		c = -c
	}
	return fmt.Sprintf("%s$%d.%02d", sign, c/100, c%100)
}

// Min returns the smaller of a and b.
func Min(a, b Cents) Cents {
	if a < b {
		return a
	}
	return b
}

// WorkingDays counts Monday–Friday days in [from, to].
func WorkingDays(from, to time.Time) int {
	n := 0
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		if wd := d.Weekday(); wd != time.Saturday && wd != time.Sunday {
			n++
		}
	}
	return n
}

// PeriodBounds returns the first and last day of a "YYYY-MM" period.
func PeriodBounds(period string) (time.Time, time.Time, error) {
	start, err := time.Parse("2006-01", period)
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("money: bad period %q: %w", period, err)
	}
	end := start.AddDate(0, 1, -1)
	return start, end, nil
}

// PeriodOf returns the "YYYY-MM" period containing t.
func PeriodOf(t time.Time) string {
	return t.Format("2006-01")
}

// DailyRate is the monthly fare spread over the period's working days, rounded
// down so that credits never exceed what was charged.
func DailyRate(monthly Cents, period string) (Cents, error) {
	start, end, err := PeriodBounds(period)
	if err != nil {
		return 0, err
	}
	days := WorkingDays(start, end)
	if days == 0 {
		return 0, nil
	}
	return monthly / Cents(days), nil
}

// Prorate returns the share of monthly covering the working days from `from`
// to the end of the period.
func Prorate(monthly Cents, period string, from time.Time) (Cents, error) {
	start, end, err := PeriodBounds(period)
	if err != nil {
		return 0, err
	}
	total := WorkingDays(start, end)
	if total == 0 {
		return 0, nil
	}
	if from.Before(start) {
		from = start
	}
	remaining := WorkingDays(from, end)
	return monthly * Cents(remaining) / Cents(total), nil
}
