// Package jobs defines the River background jobs, their workers and the
// enqueuer used by the services.
package jobs

import (
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

// Queue names.
const (
	QueuePayments = "payments"
	QueueRepairs  = "repairs"
	QueueDefault  = river.QueueDefault
)

// TransferPayoutArgs transfers a payout to the claimant's connected account.
type TransferPayoutArgs struct {
	PayoutID uuid.UUID `json:"payout_id"`
}

func (TransferPayoutArgs) Kind() string { return "payout.transfer" }

func (TransferPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// BankPayoutArgs pays a transferred payout out to the claimant's bank.
type BankPayoutArgs struct {
	PayoutID uuid.UUID `json:"payout_id"`
}

func (BankPayoutArgs) Kind() string { return "payout.bank" }

func (BankPayoutArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePayments, MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// BookRepairArgs books a requested repair slot with the partner.
type BookRepairArgs struct {
	BookingID uuid.UUID `json:"booking_id"`
}

func (BookRepairArgs) Kind() string { return "repair.book" }

func (BookRepairArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueRepairs, MaxAttempts: 8}
}

// OpenSubrogationArgs opens the subrogation file of a closed claim.
type OpenSubrogationArgs struct {
	ClaimID uuid.UUID `json:"claim_id"`
}

func (OpenSubrogationArgs) Kind() string { return "subrogation.open" }

func (OpenSubrogationArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 10}
}

// ReserveRecalcArgs rebuilds a claim's reserve total.
type ReserveRecalcArgs struct {
	ClaimID uuid.UUID `json:"claim_id"`
}

func (ReserveRecalcArgs) Kind() string { return "reserve.recalc" }

func (ReserveRecalcArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: 15 * time.Minute}}
}
