// Package inventory owns room allotments, holds and rates (bun side).
package inventory

import (
	"time"

	"github.com/uptrace/bun"
)

// RoomNight is the allotment of one room type on one date.
type RoomNight struct {
	bun.BaseModel `bun:"table:room_inventory"`

	PropertyID string    `bun:"property_id,pk"`
	RoomTypeID string    `bun:"room_type_id,pk"`
	StayDate   time.Time `bun:"stay_date,pk,type:date"`
	Allotment  int       `bun:"allotment"`
	Sold       int       `bun:"sold"`
	StopSell   bool      `bun:"stop_sell"`
	UpdatedAt  time.Time `bun:"updated_at,nullzero,default:now()"`
}

// Available is what is left to sell.
func (n RoomNight) Available() int {
	if n.StopSell || n.Sold >= n.Allotment {
		return 0
	}
	return n.Allotment - n.Sold
}

// RateDay is the price of a rate plan for one room type and date.
type RateDay struct {
	bun.BaseModel `bun:"table:rate_days"`

	PropertyID  string    `bun:"property_id,pk" json:"-"`
	RatePlanID  string    `bun:"rate_plan_id,pk" json:"rate_plan_id"`
	RoomTypeID  string    `bun:"room_type_id,pk" json:"room_type_id"`
	StayDate    time.Time `bun:"stay_date,pk,type:date" json:"stay_date"`
	AmountMinor int64     `bun:"amount_minor" json:"amount_minor"`
	Currency    string    `bun:"currency" json:"currency"`
	MinStay     int       `bun:"min_stay" json:"min_stay"`
	UpdatedAt   time.Time `bun:"updated_at,nullzero,default:now()" json:"-"`
}

// Hold is the inventory a reservation consumes.
type Hold struct {
	bun.BaseModel `bun:"table:inventory_holds"`

	ReservationID string     `bun:"reservation_id,pk"`
	PropertyID    string     `bun:"property_id"`
	RoomTypeID    string     `bun:"room_type_id"`
	CheckIn       time.Time  `bun:"check_in,type:date"`
	CheckOut      time.Time  `bun:"check_out,type:date"`
	Status        string     `bun:"status"`
	ExpiresAt     *time.Time `bun:"expires_at"`
	CreatedAt     time.Time  `bun:"created_at,nullzero,default:now()"`
}

// Release records that a reservation's inventory went back on sale.
type Release struct {
	bun.BaseModel `bun:"table:inventory_releases"`

	ID            int64     `bun:"id,pk,autoincrement"`
	ReservationID string    `bun:"reservation_id"`
	Reason        string    `bun:"reason"`
	ReleasedAt    time.Time `bun:"released_at,nullzero,default:now()"`
}

// Adjustment is one applied allotment change for one date.
type Adjustment struct {
	bun.BaseModel `bun:"table:inventory_adjustments"`

	AdjustmentRef string    `bun:"adjustment_ref,pk"`
	PropertyID    string    `bun:"property_id,pk"`
	RoomTypeID    string    `bun:"room_type_id,pk"`
	StayDate      time.Time `bun:"stay_date,pk,type:date"`
	Delta         int       `bun:"delta"`
	Actor         string    `bun:"actor"`
}
