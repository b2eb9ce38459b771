// Package partners manages reseller allocations (bun models over Postgres).
package partners

import (
	"time"

	"github.com/uptrace/bun"
)

type Allocation struct {
	bun.BaseModel `bun:"table:partner_allocations,alias:pa"`

	ID         string     `bun:"id,pk"`
	PartnerID  string     `bun:"partner_id,notnull"`
	EventID    string     `bun:"event_id,notnull"`
	Section    string     `bun:"section,notnull"`
	Seats      int        `bun:"seats,notnull"`
	Sold       int        `bun:"sold,notnull,default:0"`
	Status     string     `bun:"status,notnull,default:'active'"`
	CreatedAt  time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	ReleasedAt *time.Time `bun:"released_at"`
}

type Operation struct {
	bun.BaseModel `bun:"table:partner_operations,alias:po"`

	OpID         string     `bun:"op_id,pk"`
	AllocationID string     `bun:"allocation_id,notnull"`
	Kind         string     `bun:"kind,notnull"`
	Status       string     `bun:"status,notnull,default:'pending'"`
	CreatedAt    time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	CompletedAt  *time.Time `bun:"completed_at"`
}

type Sale struct {
	bun.BaseModel `bun:"table:partner_sales,alias:ps"`

	PartnerID      string    `bun:"partner_id,pk"`
	PartnerSaleRef string    `bun:"partner_sale_ref,pk"`
	AllocationID   string    `bun:"allocation_id,notnull"`
	Quantity       int       `bun:"quantity,notnull"`
	AmountCents    int64     `bun:"amount_cents,notnull"`
	SoldAt         time.Time `bun:"sold_at,notnull"`
}
