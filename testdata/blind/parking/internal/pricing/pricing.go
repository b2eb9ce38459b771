// Package pricing computes fees for on-street sessions, garage stays and
// residential permits.
package pricing

import (
	"math"
	"time"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/store"
)

// MinimumChargeCents is the smallest amount the card processor accepts.
const MinimumChargeCents = 50

// SessionFee charges per started quarter hour at the zone's hourly rate.
func SessionFee(z domain.Zone, start, end time.Time) int64 {
	if !end.After(start) {
		return 0
	}
	quarters := int64(math.Ceil(end.Sub(start).Minutes() / 15))
	fee := quarters * z.RateCentsHour / 4
	if fee > 0 && fee < MinimumChargeCents {
		fee = MinimumChargeCents
	}
	return fee
}

// GarageFee applies the first-hour/next-hour tariff with a daily cap.
func GarageFee(t store.GarageTariff, in, out time.Time) int64 {
	stay := out.Sub(in)
	if stay <= time.Duration(t.GraceMinutes)*time.Minute {
		return 0
	}
	var total int64
	for day := 0; stay > 0; day++ {
		chunk := stay
		if chunk > 24*time.Hour {
			chunk = 24 * time.Hour
		}
		hours := int64(math.Ceil(chunk.Hours()))
		fee := t.FirstHourCents
		if hours > 1 {
			fee += (hours - 1) * t.NextHourCents
		}
		if fee > t.DailyMaxCents {
			fee = t.DailyMaxCents
		}
		total += fee
		stay -= chunk
	}
	return total
}

// PermitPeriod returns the validity of a permit starting on from.
func PermitPeriod(from time.Time, months int) (time.Time, time.Time) {
	start := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, time.UTC)
	return start, start.AddDate(0, months, 0).AddDate(0, 0, -1)
}

// PermitPrice is a flat monthly price; permit zones with high demand carry a
// surcharge stored on the zone's hourly rate.
func PermitPrice(z domain.Zone, months int) int64 {
	base := int64(1250)
	if z.RateCentsHour > 400 {
		base = 2100
	}
	return base * int64(months)
}
