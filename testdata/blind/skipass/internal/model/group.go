package model

import (
	"time"

	"github.com/uptrace/bun"
)

const (
	GroupKindSchool = "school"
	GroupKindGroup  = "group"

	BillingSingle  = "single"
	BillingMonthly = "monthly"

	GroupRequested = "requested"
	GroupConfirmed = "confirmed"
	GroupCancelled = "cancelled"
)

type GroupBooking struct {
	bun.BaseModel `bun:"table:group_bookings,alias:gb"`

	ID                     string    `bun:"id,pk,type:uuid"`
	Kind                   string    `bun:"kind,notnull"`
	Organisation           string    `bun:"organisation,notnull"`
	ContactEmail           string    `bun:"contact_email,notnull"`
	VisitDate              time.Time `bun:"visit_date,type:date"`
	EndDate                time.Time `bun:"end_date,type:date"`
	Headcount              int       `bun:"headcount,notnull"`
	Billing                string    `bun:"billing,notnull"`
	TotalCents             int64     `bun:"total_cents,notnull"`
	Currency               string    `bun:"currency,notnull"`
	Status                 string    `bun:"status,notnull"`
	InvoiceID              *string   `bun:"invoice_id"`
	DepositPaymentIntentID *string   `bun:"deposit_payment_intent_id"`
	CreatedAt              time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type GroupInvoice struct {
	bun.BaseModel `bun:"table:group_invoices,alias:gi"`

	ID                string    `bun:"id,pk"`
	BookingID         string    `bun:"booking_id,type:uuid"`
	Period            string    `bun:"period,notnull"`
	AmountCents       int64     `bun:"amount_cents,notnull"`
	Status            string    `bun:"status,notnull"`
	ProviderInvoiceID string    `bun:"provider_invoice_id,notnull"`
	DueDate           time.Time `bun:"due_date,type:date"`
	ReminderStage     int       `bun:"reminder_stage,notnull"`
	CreatedAt         time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}
