// Package events defines the JetStream subjects the platform publishes and
// consumes, their payloads, and a thin publisher.
package events

import (
	"time"

	"github.com/google/uuid"
)

const (
	SubjectPOSBatches         = "festival.pos.batches"
	SubjectPOSVoids           = "festival.pos.voids"
	SubjectTicketsIssued      = "festival.tickets.issued"
	SubjectTransfersAccepted  = "festival.transfers.accepted"
	SubjectWalletsLowBalance  = "festival.wallets.low_balance"
	SubjectWristbandActivated = "festival.wristbands.activated"
	SubjectTopupsSucceeded    = "festival.topups.succeeded"
)

// StreamSubjects is the subject filter of the FESTIVAL stream.
var StreamSubjects = []string{"festival.>"}

type POSItem struct {
	LocalSeq     int64     `json:"local_seq"`
	WristbandUID string    `json:"wristband_uid"`
	AmountCents  int64     `json:"amount_cents"`
	SoldAt       time.Time `json:"sold_at"`
	SKU          string    `json:"sku,omitempty"`
}

// POSBatch is one offline sync from a bar or food-stall terminal.
type POSBatch struct {
	TerminalID string    `json:"terminal_id"`
	BatchSeq   int64     `json:"batch_seq"`
	Items      []POSItem `json:"items"`
	SentAt     time.Time `json:"sent_at"`
}

func (b POSBatch) Total() int64 {
	var t int64
	for _, it := range b.Items {
		t += it.AmountCents
	}
	return t
}

type POSVoid struct {
	TerminalID string `json:"terminal_id"`
	LocalSeq   int64  `json:"local_seq"`
	Reason     string `json:"reason"`
}

// TicketIssued comes from the ticketing partner once an order is paid.
type TicketIssued struct {
	TicketID   string `json:"ticket_id"`
	OrderRef   string `json:"order_ref"`
	Email      string `json:"email"`
	FullName   string `json:"full_name"`
	Phone      string `json:"phone"`
	TicketType string `json:"ticket_type"`
}

type TransferAccepted struct {
	TransferID   uuid.UUID `json:"transfer_id"`
	TicketID     string    `json:"ticket_id"`
	FromAttendee uuid.UUID `json:"from_attendee"`
	ToAttendee   uuid.UUID `json:"to_attendee"`
}

type LowBalance struct {
	WalletID     uuid.UUID `json:"wallet_id"`
	AttendeeID   uuid.UUID `json:"attendee_id"`
	BalanceCents int64     `json:"balance_cents"`
	Trigger      string    `json:"trigger"`
}

type WristbandActivated struct {
	UID        string    `json:"uid"`
	AttendeeID uuid.UUID `json:"attendee_id"`
	WalletID   uuid.UUID `json:"wallet_id"`
}

type TopupSucceeded struct {
	TopupID     string    `json:"topup_id"`
	WalletID    uuid.UUID `json:"wallet_id"`
	AttendeeID  uuid.UUID `json:"attendee_id"`
	AmountCents int64     `json:"amount_cents"`
	Channel     string    `json:"channel"`
}
