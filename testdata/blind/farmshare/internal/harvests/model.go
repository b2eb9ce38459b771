// Package harvests takes farmers' weekly harvest declarations and turns
// them into packing inventory.
package harvests

import (
	"errors"
	"time"
)

// Submission statuses.
const (
	StatusSubmitted = "submitted"
	StatusAccepted  = "accepted"
	StatusRejected  = "rejected"
	StatusPaid      = "paid"
)

// Submission is a farmer's declaration of what they will deliver in a week.
type Submission struct {
	ID             string    `db:"id" json:"id"`
	FarmerID       string    `db:"farmer_id" json:"farmer_id"`
	WeekStart      time.Time `db:"week_start" json:"week_start"`
	CropCode       string    `db:"crop_code" json:"crop_code"`
	QuantityKg     float64   `db:"quantity_kg" json:"quantity_kg"`
	UnitPriceCents int64     `db:"unit_price_cents" json:"unit_price_cents"`
	Status         string    `db:"status" json:"status"`
	Notes          *string   `db:"notes" json:"notes,omitempty"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
}

// Lot is packable stock from one submission.
type Lot struct {
	ID          string    `db:"id"`
	HarvestID   string    `db:"harvest_id"`
	CropCode    string    `db:"crop_code"`
	WeekStart   time.Time `db:"week_start"`
	QuantityKg  float64   `db:"quantity_kg"`
	RemainingKg float64   `db:"remaining_kg"`
	CreatedAt   time.Time `db:"created_at"`
}

// SubmitRequest is the body of POST /farmers/:id/harvests.
type SubmitRequest struct {
	WeekStart      string  `json:"week_start"`
	CropCode       string  `json:"crop_code"`
	QuantityKg     float64 `json:"quantity_kg"`
	UnitPriceCents int64   `json:"unit_price_cents"`
	Notes          string  `json:"notes"`
}

// Validate checks the submission.
func (r SubmitRequest) Validate() error {
	if _, err := time.Parse("2006-01-02", r.WeekStart); err != nil {
		return errors.New("week_start must be YYYY-MM-DD")
	}
	if r.CropCode == "" {
		return errors.New("crop_code is required")
	}
	if r.QuantityKg <= 0 || r.QuantityKg > 10000 {
		return errors.New("quantity_kg must be between 0 and 10000")
	}
	if r.UnitPriceCents <= 0 {
		return errors.New("unit_price_cents must be positive")
	}
	return nil
}
