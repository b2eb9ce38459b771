// Package jobargs defines the River job payloads. It has no dependencies on
// the workers so that services can enqueue without importing them.
package jobargs

import (
	"github.com/google/uuid"
	"github.com/riverqueue/river"
)

const (
	QueueMessaging = "messaging"
	QueuePartners  = "partners"
)

// PoliceReport submits a new pawn to the law-enforcement pawn database.
type PoliceReport struct {
	LoanID uuid.UUID `json:"loan_id"`
}

func (PoliceReport) Kind() string { return "police_report" }

func (PoliceReport) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePartners, MaxAttempts: 12}
}

// LoanReminder texts the customer ahead of a due date.
type LoanReminder struct {
	LoanID     uuid.UUID `json:"loan_id" river:"unique"`
	DueDate    string    `json:"due_date" river:"unique"`
	DaysBefore int       `json:"days_before" river:"unique"`
}

func (LoanReminder) Kind() string { return "loan_reminder" }

func (LoanReminder) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       QueueMessaging,
		MaxAttempts: 5,
		UniqueOpts:  river.UniqueOpts{ByArgs: true},
	}
}

// ForfeitLoan moves a loan past its grace period into forfeiture.
type ForfeitLoan struct {
	LoanID uuid.UUID `json:"loan_id" river:"unique"`
	Reason string    `json:"reason"`
}

func (ForfeitLoan) Kind() string { return "forfeit_loan" }

func (ForfeitLoan) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 10, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ForfeitNotice tells the customer their goods have been forfeited.
type ForfeitNotice struct {
	LoanID uuid.UUID `json:"loan_id"`
}

func (ForfeitNotice) Kind() string { return "forfeit_notice" }

func (ForfeitNotice) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging, MaxAttempts: 8}
}

// AuctionListing consigns one forfeited item to AuctionHub.
type AuctionListing struct {
	ItemID uuid.UUID `json:"item_id"`
}

func (AuctionListing) Kind() string { return "auction_listing" }

func (AuctionListing) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueuePartners, MaxAttempts: 10}
}

// AuctionSettlement applies the proceeds of a sold lot.
type AuctionSettlement struct {
	SettlementID uuid.UUID `json:"settlement_id"`
}

func (AuctionSettlement) Kind() string { return "auction_settlement" }

// RedemptionReceipt emails the customer a receipt after a redemption.
type RedemptionReceipt struct {
	RedemptionID uuid.UUID `json:"redemption_id"`
}

func (RedemptionReceipt) Kind() string { return "redemption_receipt" }

func (RedemptionReceipt) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging, MaxAttempts: 6}
}

// BalanceReply answers a BAL text with the customer's open tickets.
type BalanceReply struct {
	InboundID uuid.UUID `json:"inbound_id"`
}

func (BalanceReply) Kind() string { return "balance_reply" }

func (BalanceReply) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMessaging, MaxAttempts: 5}
}
