package domain

import (
	"fmt"
	"time"
)

// Rate card. Firms are billed per page of original transcript plus
// appearance fees; rush turnaround is a percentage surcharge on the
// page rate. Reporters are paid per page at their own rate.
const (
	OriginalPageCents   int64 = 475
	CopyPageCents       int64 = 125
	AppearanceHourCents int64 = 9500
	MinimumPages              = 10
)

// RushSurchargePercent maps turnaround days to the surcharge applied on
// top of the page rate.
var RushSurchargePercent = map[int]int64{
	1: 100,
	2: 75,
	3: 50,
	5: 25,
}

// RushSurcharge estimates the surcharge for a booking from its expected
// length. The final figure is trued up when the transcript is invoiced.
func RushSurcharge(expectedHours, turnaroundDays int) (int64, error) {
	pct, ok := RushSurchargePercent[turnaroundDays]
	if !ok {
		return 0, fmt.Errorf("%w: unsupported turnaround of %d days", ErrValidation, turnaroundDays)
	}
	estPages := int64(expectedHours) * 45
	return estPages * OriginalPageCents * pct / 100, nil
}

// CopyCharge prices additional certified copies.
func CopyCharge(pages, copies int, format string) int64 {
	per := CopyPageCents
	if format == "condensed" {
		per = per / 2
	}
	return int64(pages) * int64(copies) * per
}

// InvoiceTotal is the billed amount for a completed booking.
func InvoiceTotal(pages, hours int, charges []BookingCharge) int64 {
	if pages < MinimumPages {
		pages = MinimumPages
	}
	total := int64(pages)*OriginalPageCents + int64(hours)*AppearanceHourCents
	for _, c := range charges {
		total += c.AmountCents
	}
	return total
}

// PayrollPeriod is the ISO week a payout falls in, e.g. "2026-W07".
func PayrollPeriod(t time.Time) string {
	y, w := t.ISOWeek()
	return fmt.Sprintf("%04d-W%02d", y, w)
}

// InvoiceNumber renders the human-facing invoice number for a booking.
func InvoiceNumber(issued time.Time, bookingID string) string {
	suffix := bookingID
	if len(suffix) > 8 {
		suffix = suffix[len(suffix)-8:]
	}
	return fmt.Sprintf("INV-%s-%s", issued.Format("200601"), suffix)
}
