// Package boxes owns the weekly box: its contents, member customisation
// and swap requests, and the job that generates next week's boxes.
package boxes

import (
	"errors"
	"time"
)

// Box statuses.
const (
	StatusOpen    = "open"
	StatusLocked  = "locked"
	StatusPacked  = "packed"
	StatusSkipped = "skipped"
)

// Box is one subscription's box for one week.
type Box struct {
	ID             string    `db:"id" json:"id"`
	SubscriptionID string    `db:"subscription_id" json:"subscription_id"`
	WeekStart      time.Time `db:"week_start" json:"week_start"`
	Status         string    `db:"status" json:"status"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
}

// Item is a product line in a box.
type Item struct {
	BoxID       string `db:"box_id" json:"-"`
	ProductCode string `db:"product_code" json:"product_code"`
	Quantity    int    `db:"quantity" json:"quantity"`
}

// Swap asks the packers to replace one product with another.
type Swap struct {
	ID         string    `db:"id" json:"id"`
	BoxID      string    `db:"box_id" json:"box_id"`
	RemoveCode string    `db:"remove_code" json:"remove_code"`
	AddCode    string    `db:"add_code" json:"add_code"`
	Quantity   int       `db:"quantity" json:"quantity"`
	CreatedAt  time.Time `db:"created_at" json:"created_at"`
}

// Product is a catalogue entry.
type Product struct {
	Code      string `db:"code"`
	Name      string `db:"name"`
	Unit      string `db:"unit"`
	Swappable bool   `db:"swappable"`
}

// BoxView is a box with its items and pending swaps.
type BoxView struct {
	Box
	Items []Item `json:"items"`
	Swaps []Swap `json:"swaps"`
}

// ItemsRequest replaces the box contents.
type ItemsRequest struct {
	Items []struct {
		ProductCode string `json:"product_code"`
		Quantity    int    `json:"quantity"`
	} `json:"items"`
}

// Validate checks the lines.
func (r ItemsRequest) Validate() error {
	if len(r.Items) == 0 {
		return errors.New("at least one item is required")
	}
	seen := map[string]bool{}
	for _, it := range r.Items {
		if it.ProductCode == "" || it.Quantity <= 0 {
			return errors.New("each item needs product_code and a positive quantity")
		}
		if seen[it.ProductCode] {
			return errors.New("duplicate product_code " + it.ProductCode)
		}
		seen[it.ProductCode] = true
	}
	return nil
}

// SwapRequest is the body of POST .../swaps.
type SwapRequest struct {
	RemoveCode string `json:"remove_code"`
	AddCode    string `json:"add_code"`
	Quantity   int    `json:"quantity"`
}

// Validate checks the swap.
func (r SwapRequest) Validate() error {
	if r.RemoveCode == "" || r.AddCode == "" {
		return errors.New("remove_code and add_code are required")
	}
	if r.RemoveCode == r.AddCode {
		return errors.New("cannot swap a product for itself")
	}
	if r.Quantity < 0 || r.Quantity > 5 {
		return errors.New("quantity must be between 1 and 5")
	}
	return nil
}
