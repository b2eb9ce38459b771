// Package queue defines the river job arguments and the transactional
// enqueuer services use to schedule background work.
package queue

import (
	"time"

	"github.com/riverqueue/river"
)

// Queue names.
const (
	QueueDefault  = river.QueueDefault
	QueueWaitlist = "waitlist"
	QueuePayouts  = "payouts"
	QueueNotify   = "notify"
)

// WaitlistFillArgs offers a freed tee time to the waitlist.
type WaitlistFillArgs struct {
	TeeTimeID string `json:"tee_time_id"`
}

func (WaitlistFillArgs) Kind() string { return "waitlist_fill" }

func (WaitlistFillArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:      QueueWaitlist,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: 2 * time.Minute},
	}
}

// BookingRefundArgs refunds a cancelled booking.
type BookingRefundArgs struct {
	BookingID string `json:"booking_id"`
}

func (BookingRefundArgs) Kind() string { return "booking_refund" }

func (BookingRefundArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ContractorPayoutArgs pays a contractor for a completed session.
type ContractorPayoutArgs struct {
	PayoutID string `json:"payout_id"`
}

func (ContractorPayoutArgs) Kind() string { return "contractor_payout" }

func (ContractorPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// PrizePayoutArgs pays out a tournament prize.
type PrizePayoutArgs struct {
	AwardID string `json:"award_id"`
}

func (PrizePayoutArgs) Kind() string { return "prize_payout" }

func (PrizePayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayouts, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RainCheckIssueArgs issues rain checks for every booking hit by a closure.
type RainCheckIssueArgs struct {
	ClosureID string `json:"closure_id"`
}

func (RainCheckIssueArgs) Kind() string { return "raincheck_issue" }

func (RainCheckIssueArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// VoucherDeliveryArgs emails a paid gift voucher to its recipient.
type VoucherDeliveryArgs struct {
	VoucherID string `json:"voucher_id"`
}

func (VoucherDeliveryArgs) Kind() string { return "voucher_delivery" }

func (VoucherDeliveryArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueNotify, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// TeeSheetReleaseArgs opens the next day of the tee sheet. Enqueued by the
// periodic scheduler.
type TeeSheetReleaseArgs struct{}

func (TeeSheetReleaseArgs) Kind() string { return "teesheet_release" }

// WaitlistOfferExpiryArgs expires lapsed waitlist offers. Enqueued by the
// periodic scheduler.
type WaitlistOfferExpiryArgs struct{}

func (WaitlistOfferExpiryArgs) Kind() string { return "waitlist_offer_expiry" }
