// Package subscriptions owns member subscriptions to the weekly box, skips
// and cancellations.
package subscriptions

import (
	"errors"
	"time"
)

// Statuses.
const (
	StatusActive    = "active"
	StatusPaused    = "paused"
	StatusCancelled = "cancelled"
)

// Subscription is one member's standing order for a plan.
type Subscription struct {
	ID            string     `db:"id" json:"id"`
	MemberID      string     `db:"member_id" json:"member_id"`
	PlanID        string     `db:"plan_id" json:"plan_id"`
	PickupPointID string     `db:"pickup_point_id" json:"pickup_point_id"`
	Status        string     `db:"status" json:"status"`
	StartsOn      time.Time  `db:"starts_on" json:"starts_on"`
	CancelledAt   *time.Time `db:"cancelled_at" json:"cancelled_at,omitempty"`
	CancelReason  *string    `db:"cancel_reason" json:"cancel_reason,omitempty"`
	CreatedAt     time.Time  `db:"created_at" json:"created_at"`
}

// Skip is a week the member will not receive a box.
type Skip struct {
	ID             string     `db:"id" json:"id"`
	SubscriptionID string     `db:"subscription_id" json:"subscription_id"`
	WeekStart      time.Time  `db:"week_start" json:"week_start"`
	Reason         *string    `db:"reason" json:"reason,omitempty"`
	CreditedAt     *time.Time `db:"credited_at" json:"credited_at,omitempty"`
	CreatedAt      time.Time  `db:"created_at" json:"created_at"`
}

// Plan is a box size and price.
type Plan struct {
	ID         string `db:"id"`
	Name       string `db:"name"`
	BoxSize    string `db:"box_size"`
	PriceCents int64  `db:"price_cents"`
	Active     bool   `db:"active"`
}

// CreateRequest is the body of POST /members/:id/subscriptions.
type CreateRequest struct {
	PlanID        string `json:"plan_id"`
	PickupPointID string `json:"pickup_point_id"`
	StartsOn      string `json:"starts_on"`
}

// Validate checks required fields.
func (r CreateRequest) Validate() error {
	if r.PlanID == "" || r.PickupPointID == "" {
		return errors.New("plan_id and pickup_point_id are required")
	}
	if r.StartsOn != "" {
		if _, err := time.Parse("2006-01-02", r.StartsOn); err != nil {
			return errors.New("starts_on must be YYYY-MM-DD")
		}
	}
	return nil
}

// SkipRequest is the body of POST /subscriptions/:id/skips.
type SkipRequest struct {
	WeekStart string `json:"week_start"`
	Reason    string `json:"reason"`
}

// Validate checks the week.
func (r SkipRequest) Validate() error {
	if _, err := time.Parse("2006-01-02", r.WeekStart); err != nil {
		return errors.New("week_start must be YYYY-MM-DD")
	}
	return nil
}

// CancelRequest is the body of POST /subscriptions/:id/cancel.
type CancelRequest struct {
	Reason string `json:"reason"`
}
