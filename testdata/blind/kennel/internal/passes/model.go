// Package passes sells daycare pass packs (5, 10, 20 visits) and checks
// dogs in against them.
package passes

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Product is a pass pack for sale.
type Product struct {
	bun.BaseModel `bun:"table:pass_products"`

	Code       string `bun:"code,pk" json:"code"`
	Name       string `bun:"name,notnull" json:"name"`
	Visits     int    `bun:"visits,notnull" json:"visits"`
	PriceCents int64  `bun:"price_cents,notnull" json:"price_cents"`
	ValidDays  int    `bun:"valid_days,notnull" json:"valid_days"`
}

// Pack is a purchased pass pack.
type Pack struct {
	bun.BaseModel `bun:"table:pass_packs"`

	ID              string    `bun:"id,pk" json:"id"`
	OwnerID         uuid.UUID `bun:"owner_id,type:uuid,notnull" json:"owner_id"`
	DogID           uuid.UUID `bun:"dog_id,type:uuid,notnull" json:"dog_id"`
	LocationID      string    `bun:"location_id,notnull" json:"location_id"`
	ProductCode     string    `bun:"product_code,notnull" json:"product_code"`
	VisitsTotal     int       `bun:"visits_total,notnull" json:"visits_total"`
	VisitsRemaining int       `bun:"visits_remaining,notnull" json:"visits_remaining"`
	PriceCents      int64     `bun:"price_cents,notnull" json:"price_cents"`
	PaymentIntentID *string   `bun:"payment_intent_id" json:"payment_intent_id,omitempty"`
	PurchasedAt     time.Time `bun:"purchased_at,nullzero,notnull,default:current_timestamp" json:"purchased_at"`
	ExpiresAt       time.Time `bun:"expires_at,notnull" json:"expires_at"`
}

// Visit is one daycare day drawn from a pack.
type Visit struct {
	bun.BaseModel `bun:"table:daycare_visits"`

	ID          string    `bun:"id,pk" json:"id"`
	PassID      string    `bun:"pass_id,notnull" json:"pass_id"`
	DogID       uuid.UUID `bun:"dog_id,type:uuid,notnull" json:"dog_id"`
	LocationID  string    `bun:"location_id,notnull" json:"location_id"`
	CheckedInAt time.Time `bun:"checked_in_at,nullzero,notnull,default:current_timestamp" json:"checked_in_at"`
	StaffID     *string   `bun:"staff_id" json:"staff_id,omitempty"`
}
