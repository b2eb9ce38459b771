package booking

import (
	"time"

	"github.com/pawtrail-labs/pawtrail/internal/store"
)

// Price computes the booking price. Walks are billed in 30-minute blocks;
// stays are billed per night at eight hours of the sitter's rate.
func Price(kind string, hourlyCents int64, d time.Duration) int64 {
	if kind == "stay" {
		nights := int64((d + 23*time.Hour) / (24 * time.Hour))
		if nights < 1 {
			nights = 1
		}
		return nights * hourlyCents * 8
	}
	blocks := int64((d + 29*time.Minute) / (30 * time.Minute))
	if blocks < 1 {
		blocks = 1
	}
	return blocks * hourlyCents / 2
}

// Quote is what a cancellation will refund.
type Quote struct {
	Amount int64
	Reason string
}

// CancellationPolicy decides refunds. Deposits are captured a day before the
// start, so a deposit that is still only held is always released in full.
type CancellationPolicy struct {
	LateWindow    time.Duration
	LateRefundBps int64
}

var DefaultPolicy = CancellationPolicy{LateWindow: 24 * time.Hour, LateRefundBps: 5000}

func (p CancellationPolicy) Quote(b store.Booking, dep store.Deposit, now time.Time) Quote {
	switch dep.Status {
	case store.DepositHeld:
		return Quote{Amount: dep.AmountCents, Reason: "release_hold"}
	case store.DepositCaptured:
		if b.StartsAt.Sub(now) >= p.LateWindow {
			return Quote{Amount: dep.AmountCents, Reason: "full_refund"}
		}
		return Quote{Amount: dep.AmountCents * p.LateRefundBps / 10000, Reason: "late_cancellation"}
	default:
		return Quote{}
	}
}
