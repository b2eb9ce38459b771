// Package args declares the River job argument types. It is imported both by
// services that enqueue work and by the workers that perform it.
package args

import (
	"time"

	"github.com/riverqueue/river"
)

// Queue names.
const (
	QueuePayments = "payments"
	QueueChecks   = "checks"
	QueueNotices  = "notices"
	QueueLedger   = "ledger"
	QueueEvents   = "events"
)

// DisburseClaimant pushes one claimant payout to the payments provider.
type DisburseClaimant struct {
	DisbursementID string `json:"disbursement_id"`
}

func (DisburseClaimant) Kind() string { return "disburse_claimant" }

func (DisburseClaimant) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayments,
		MaxAttempts: 12,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// PayLien prints and mails a lien payoff check.
type PayLien struct {
	LienPaymentID string `json:"lien_payment_id"`
}

func (PayLien) Kind() string { return "pay_lien" }

func (PayLien) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueChecks,
		MaxAttempts: 8,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// DrawFees moves the attorney fee earned on a deposit from trust to
// operating.
type DrawFees struct {
	SettlementID string `json:"settlement_id"`
	DepositID    string `json:"deposit_id"`
}

func (DrawFees) Kind() string { return "draw_fees" }

func (DrawFees) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueLedger,
		MaxAttempts: 10,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// ReleaseHoldback pays out a released holdback by ACH.
type ReleaseHoldback struct {
	HoldbackID string `json:"holdback_id"`
}

func (ReleaseHoldback) Kind() string { return "release_holdback" }

func (ReleaseHoldback) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueuePayments,
		MaxAttempts: 12,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// SendNotice delivers one stored notice.
type SendNotice struct {
	NoticeID string `json:"notice_id"`
}

func (SendNotice) Kind() string { return "send_notice" }

func (SendNotice) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueNotices,
		MaxAttempts: 6,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// ResendStatement re-renders and sends a claimant's distribution statement
// on request from the claims team.
type ResendStatement struct {
	ClaimantID  string `json:"claimant_id"`
	RequestedBy string `json:"requested_by"`
	RequestID   string `json:"request_id"`
}

func (ResendStatement) Kind() string { return "resend_statement" }

func (ResendStatement) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueNotices,
		MaxAttempts: 4,
		UniqueOpts:  river.UniqueOpts{ByArgs: true, ByPeriod: 24 * time.Hour},
	}
}

// ApplyACHEvent applies a stored settled/failed payment event.
type ApplyACHEvent struct {
	EventID string `json:"event_id"`
}

func (ApplyACHEvent) Kind() string { return "apply_ach_event" }

func (ApplyACHEvent) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEvents, MaxAttempts: 20}
}

// ACHPaymentReturned applies a stored payment.returned event.
type ACHPaymentReturned struct {
	EventID string `json:"event_id"`
}

func (ACHPaymentReturned) Kind() string { return "ach_payment_returned" }

func (ACHPaymentReturned) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEvents, MaxAttempts: 20}
}

// CloseSettlement sends final statements and closes a fully paid settlement.
type CloseSettlement struct {
	SettlementID string `json:"settlement_id"`
}

func (CloseSettlement) Kind() string { return "close_settlement" }

func (CloseSettlement) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueNotices,
		MaxAttempts: 5,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// PollPayments checks the provider for submitted payouts that have not
// reported settlement.
type PollPayments struct{}

func (PollPayments) Kind() string { return "poll_payments" }

// ReconcileTrust computes the daily three-way reconciliation snapshot.
type ReconcileTrust struct{}

func (ReconcileTrust) Kind() string { return "reconcile_trust" }
