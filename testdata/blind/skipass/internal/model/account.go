// Package model holds the bun-mapped rows of the skipass database.
package model

import (
	"time"

	"github.com/uptrace/bun"
)

type Account struct {
	bun.BaseModel `bun:"table:accounts,alias:a"`

	ID                   string    `bun:"id,pk,type:uuid"`
	Email                string    `bun:"email,notnull"`
	Phone                string    `bun:"phone,notnull"`
	DisplayName          string    `bun:"display_name,notnull"`
	MarketingOptIn       bool      `bun:"marketing_opt_in,notnull"`
	StripeCustomerID     string    `bun:"stripe_customer_id,notnull"`
	DefaultPaymentMethod string    `bun:"default_payment_method,notnull"`
	PointsBalance        int       `bun:"points_balance,notnull"`
	AddressLine1         string    `bun:"address_line1,notnull"`
	City                 string    `bun:"city,notnull"`
	PostalCode           string    `bun:"postal_code,notnull"`
	Country              string    `bun:"country,notnull"`
	CreatedAt            time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	UpdatedAt            time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp"`
}

type IdempotencyKey struct {
	bun.BaseModel `bun:"table:idempotency_keys,alias:ik"`

	Scope        string    `bun:"scope,pk"`
	Key          string    `bun:"key,pk"`
	ResourceID   string    `bun:"resource_id,notnull"`
	ResponseCode int       `bun:"response_code,notnull"`
	ResponseBody []byte    `bun:"response_body"`
	CreatedAt    time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type Notification struct {
	bun.BaseModel `bun:"table:notifications,alias:n"`

	ID        int64      `bun:"id,pk,autoincrement"`
	AccountID string     `bun:"account_id,type:uuid"`
	Kind      string     `bun:"kind,notnull"`
	Ref       string     `bun:"ref,notnull"`
	Channel   string     `bun:"channel,notnull"`
	SentAt    *time.Time `bun:"sent_at"`
	CreatedAt time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type StripeEvent struct {
	bun.BaseModel `bun:"table:stripe_events"`

	ID         string    `bun:"id,pk"`
	Type       string    `bun:"type,notnull"`
	ReceivedAt time.Time `bun:"received_at,nullzero,notnull,default:current_timestamp"`
}
