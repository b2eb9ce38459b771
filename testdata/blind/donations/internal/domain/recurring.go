package domain

import (
	"time"

	"github.com/uptrace/bun"
)

// Recurring plan statuses.
const (
	PlanActive    = "active"
	PlanCancelled = "cancelled"
)

// RecurringPlan is a monthly giving commitment.
type RecurringPlan struct {
	bun.BaseModel `bun:"table:recurring_plans,alias:rp"`

	ID                 string     `bun:"id,pk" json:"id"`
	DonorID            string     `bun:"donor_id,type:uuid,notnull" json:"donor_id"`
	CharityID          string     `bun:"charity_id,type:uuid,notnull" json:"charity_id"`
	AmountPence        int64      `bun:"amount_pence,notnull" json:"amount_pence"`
	Currency           string     `bun:"currency,notnull" json:"currency"`
	DayOfMonth         int        `bun:"day_of_month,notnull" json:"day_of_month"`
	ShopperReference   string     `bun:"shopper_reference,notnull" json:"-"`
	StoredPaymentToken *string    `bun:"stored_payment_token" json:"-"`
	Status             string     `bun:"status,notnull" json:"status"`
	GiftAid            bool       `bun:"gift_aid,notnull" json:"gift_aid"`
	NextChargeAt       time.Time  `bun:"next_charge_at,notnull" json:"next_charge_at"`
	CreatedAt          time.Time  `bun:"created_at,notnull,default:current_timestamp" json:"created_at"`
	CancelledAt        *time.Time `bun:"cancelled_at" json:"cancelled_at,omitempty"`
}

// Installment is one monthly charge of a plan.
type Installment struct {
	bun.BaseModel `bun:"table:installments,alias:inst"`

	ID           int64     `bun:"id,pk,autoincrement"`
	PlanID       string    `bun:"plan_id,notnull"`
	Period       string    `bun:"period,notnull"`
	DonationID   string    `bun:"donation_id,type:uuid,notnull"`
	PSPReference *string   `bun:"psp_reference"`
	Status       string    `bun:"status,notnull"`
	CreatedAt    time.Time `bun:"created_at,notnull,default:current_timestamp"`
}
