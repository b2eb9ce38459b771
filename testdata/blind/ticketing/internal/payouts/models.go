// Package payouts pays organisers their share of ticket revenue. The flow is
// a Temporal workflow; the data lives in bun models.
package payouts

import (
	"time"

	"github.com/uptrace/bun"
)

type Organiser struct {
	bun.BaseModel `bun:"table:organisers,alias:org"`

	ID              string  `bun:"id,pk"`
	Name            string  `bun:"name"`
	ContactEmail    string  `bun:"contact_email"`
	StripeAccountID *string `bun:"stripe_account_id"`
}

type Balance struct {
	bun.BaseModel `bun:"table:organiser_balances,alias:ob"`

	OrganiserID    string    `bun:"organiser_id,pk"`
	AvailableCents int64     `bun:"available_cents"`
	RefundedCents  int64     `bun:"refunded_cents"`
	PaidOutCents   int64     `bun:"paid_out_cents"`
	UpdatedAt      time.Time `bun:"updated_at"`
}

type Request struct {
	bun.BaseModel `bun:"table:payout_requests,alias:pr"`

	OrganiserID string    `bun:"organiser_id,pk"`
	Period      string    `bun:"period,pk"`
	WorkflowID  string    `bun:"workflow_id,notnull"`
	RequestedBy string    `bun:"requested_by,notnull"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type Statement struct {
	bun.BaseModel `bun:"table:payout_statements,alias:ps"`

	ID          string     `bun:"id,pk"`
	OrganiserID string     `bun:"organiser_id,notnull"`
	Period      string     `bun:"period,notnull"`
	PeriodEnd   time.Time  `bun:"period_end,notnull"`
	TotalCents  int64      `bun:"total_cents,notnull"`
	Currency    string     `bun:"currency,notnull"`
	Status      string     `bun:"status,notnull"`
	TransferID  *string    `bun:"transfer_id"`
	PayoutID    *string    `bun:"payout_id"`
	CreatedAt   time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	PaidAt      *time.Time `bun:"paid_at"`
}

type Operation struct {
	bun.BaseModel `bun:"table:payout_operations,alias:pop"`

	OpID        string    `bun:"op_id,pk"`
	StatementID string    `bun:"statement_id,notnull"`
	Kind        string    `bun:"kind,notnull"`
	Status      string    `bun:"status,notnull,default:'pending'"`
	ProviderRef *string   `bun:"provider_ref"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}
