// Package posbridge carries messages between the booking platform and the
// clubhouse point-of-sale system over SQS.
package posbridge

import (
	"encoding/json"
	"time"
)

// Event types the POS publishes to the pos-events queue.
const (
	TypeSaleCompleted  = "sale.completed"
	TypeSaleVoided     = "sale.voided"
	TypeCartRental     = "cart.rental"
	TypeAccountPayment = "account.payment"
)

// Envelope wraps every POS event. EventID is assigned by the POS when the
// event is created and is stable across its re-sends.
type Envelope struct {
	EventID    string          `json:"event_id"`
	Type       string          `json:"type"`
	StoreID    string          `json:"store_id"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`
}

// SaleLine is one line of a till receipt.
type SaleLine struct {
	SKU         string `json:"sku"`
	Description string `json:"description"`
	Qty         int    `json:"qty"`
	AmountCents int64  `json:"amount_cents"`
}

// SaleCompleted is a sale rung up at the till.
type SaleCompleted struct {
	SaleID     string     `json:"sale_id"`
	MemberID   string     `json:"member_id"`
	Tender     string     `json:"tender"`
	TotalCents int64      `json:"total_cents"`
	Lines      []SaleLine `json:"lines"`
}

// SaleVoided reverses an earlier sale.
type SaleVoided struct {
	VoidID      string `json:"void_id"`
	SaleID      string `json:"sale_id"`
	MemberID    string `json:"member_id"`
	AmountCents int64  `json:"amount_cents"`
	Tender      string `json:"tender"`
}

// CartRental is a cart signed out at the desk for a booked group.
type CartRental struct {
	TicketID    string `json:"ticket_id"`
	BookingID   string `json:"booking_id"`
	MemberID    string `json:"member_id"`
	Carts       int    `json:"carts"`
	AmountCents int64  `json:"amount_cents"`
}

// AccountPayment is a member paying down their tab at the counter.
type AccountPayment struct {
	PaymentID   string `json:"payment_id"`
	MemberID    string `json:"member_id"`
	AmountCents int64  `json:"amount_cents"`
	Tender      string `json:"tender"`
}

// TenderMemberAccount marks a sale charged to the member's pro-shop account.
const TenderMemberAccount = "member_account"

// CheckIn tells the POS a group has arrived so it can open a tab.
type CheckIn struct {
	BookingID   string    `json:"booking_id"`
	CourseID    string    `json:"course_id"`
	MemberID    string    `json:"member_id"`
	Players     int       `json:"players"`
	Carts       int       `json:"carts"`
	TeeTime     time.Time `json:"tee_time"`
	CheckedInAt time.Time `json:"checked_in_at"`
}

// TeeSheetPublished tells the POS a day's tee sheet is open for booking.
type TeeSheetPublished struct {
	CourseID string `json:"course_id"`
	PlayDate string `json:"play_date"`
	Slots    int    `json:"slots"`
}
