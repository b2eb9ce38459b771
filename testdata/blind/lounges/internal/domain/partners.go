package domain

import (
	"time"

	"github.com/google/uuid"
	"github.com/lib/pq"
)

type AirlinePartner struct {
	Code              string `db:"code" json:"code"`
	Name              string `db:"name" json:"name"`
	BillingEndpoint   string `db:"billing_endpoint" json:"-"`
	RateCentsPerVisit int64  `db:"rate_cents_per_visit" json:"rate_cents_per_visit"`
	GuestRateCents    int64  `db:"guest_rate_cents" json:"guest_rate_cents"`
	Currency          string `db:"currency" json:"currency"`
	Active            bool   `db:"active" json:"active"`
}

type EligibilityRecord struct {
	ID            uuid.UUID `db:"id" json:"id"`
	AirlineCode   string    `db:"airline_code" json:"airline_code"`
	PNR           string    `db:"pnr" json:"pnr"`
	PassengerSeq  int       `db:"passenger_seq" json:"passenger_seq"`
	PassengerName string    `db:"passenger_name" json:"passenger_name"`
	FlightNumber  string    `db:"flight_number" json:"flight_number"`
	FlightDate    time.Time `db:"flight_date" json:"flight_date"`
	Cabin         string    `db:"cabin" json:"cabin"`
	GuestsAllowed int       `db:"guests_allowed" json:"guests_allowed"`
	ReceivedAt    time.Time `db:"received_at" json:"received_at"`
}

type InvoiceStatus string

const (
	InvoiceDraft     InvoiceStatus = "draft"
	InvoiceFinalized InvoiceStatus = "finalized"
	InvoiceSubmitted InvoiceStatus = "submitted"
	InvoiceDisputed  InvoiceStatus = "disputed"
	InvoicePaid      InvoiceStatus = "paid"
)

type PartnerInvoice struct {
	ID          uuid.UUID     `db:"id" json:"id"`
	AirlineCode string        `db:"airline_code" json:"airline_code"`
	Period      string        `db:"period" json:"period"`
	Status      InvoiceStatus `db:"status" json:"status"`
	TotalCents  int64         `db:"total_cents" json:"total_cents"`
	Currency    string        `db:"currency" json:"currency"`
	ExternalRef *string       `db:"external_ref" json:"external_ref,omitempty"`
	CreatedAt   time.Time     `db:"created_at" json:"created_at"`
	FinalizedAt *time.Time    `db:"finalized_at" json:"finalized_at,omitempty"`
	SubmittedAt *time.Time    `db:"submitted_at" json:"submitted_at,omitempty"`
}

type InvoiceLine struct {
	ID          uuid.UUID `db:"id" json:"id"`
	InvoiceID   uuid.UUID `db:"invoice_id" json:"invoice_id"`
	VisitID     uuid.UUID `db:"visit_id" json:"visit_id"`
	Description string    `db:"description" json:"description"`
	Quantity    int       `db:"quantity" json:"quantity"`
	AmountCents int64     `db:"amount_cents" json:"amount_cents"`
}

type InvoiceDispute struct {
	ID                uuid.UUID      `db:"id" json:"id"`
	InvoiceID         uuid.UUID      `db:"invoice_id" json:"invoice_id"`
	PartnerDisputeRef string         `db:"partner_dispute_ref" json:"partner_dispute_ref"`
	LineIDs           pq.StringArray `db:"line_ids" json:"line_ids"`
	Reason            string         `db:"reason" json:"reason"`
	AmountCents       int64          `db:"amount_cents" json:"amount_cents"`
	Status            string         `db:"status" json:"status"`
	CreatedAt         time.Time      `db:"created_at" json:"created_at"`
}

// BillableVisit is a visit joined with what the airline is charged for it.
type BillableVisit struct {
	VisitID    uuid.UUID `db:"visit_id"`
	LoungeCode string    `db:"lounge_code"`
	EnteredAt  time.Time `db:"entered_at"`
	GuestCount int       `db:"guest_count"`
	Reference  string    `db:"entitlement_ref"`
}
