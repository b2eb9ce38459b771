package domain

import (
	"time"
)

type CollectionStatus string

const (
	CollectionSubmitted  CollectionStatus = "submitted"
	CollectionReconciled CollectionStatus = "reconciled"
)

// Collection is a route driver's removal of cash from a machine's cash box.
type Collection struct {
	ID            string
	MachineID     string
	DriverID      string
	CountedCents  Cents
	CollectedAt   time.Time
	Status        CollectionStatus
	ExpectedCents *Cents
	VarianceCents *Cents
	ReconciledAt  *time.Time
}

// SubmitCollection is posted by the driver app after counting the cash box.
type SubmitCollection struct {
	MachineID    string    `json:"machine_id"`
	DriverID     string    `json:"-"`
	CountedCents Cents     `json:"counted_cents"`
	CollectedAt  time.Time `json:"collected_at"`
	BagNumber    string    `json:"bag_number"`
}

func (s SubmitCollection) Validate() error {
	if s.MachineID == "" {
		return Invalid("machine_id", "required")
	}
	if s.CountedCents < 0 {
		return Invalid("counted_cents", "must not be negative")
	}
	if s.CollectedAt.IsZero() {
		return Invalid("collected_at", "required")
	}
	if s.CollectedAt.After(time.Now().Add(10 * time.Minute)) {
		return Invalid("collected_at", "in the future")
	}
	return nil
}

// Variance is the difference between what the driver counted and what the
// machine's counters say should have been in the cash box.
type Variance struct {
	ID           string
	CollectionID string
	MachineID    string
	Cents        Cents
	CreatedAt    time.Time
}

// Reconcile computes expected and variance for a collection given the
// cash-in counter delta since the last baseline.
func Reconcile(c Collection, baseline, current Cents) (expected, variance Cents) {
	expected = current - baseline
	if expected < 0 {
		expected = 0
	}
	return expected, c.CountedCents - expected
}

type RestockStatus string

const (
	RestockOpen      RestockStatus = "open"
	RestockSubmitted RestockStatus = "submitted"
	RestockReceived  RestockStatus = "received"
	RestockCancelled RestockStatus = "cancelled"
)

type RestockSource string

const (
	RestockAuto   RestockSource = "auto"
	RestockManual RestockSource = "manual"
)

// RestockOrder is an order to the wholesaler for product delivered to a
// machine's site.
type RestockOrder struct {
	ID                string
	MachineID         string
	Source            RestockSource
	Status            RestockStatus
	RequestKey        string
	WholesalerOrderID string
	Lines             []RestockLine
	CreatedAt         time.Time
	SubmittedAt       *time.Time
	ReceivedAt        *time.Time
}

type RestockLine struct {
	ProductID string `json:"product_id"`
	SKU       string `json:"sku"`
	Quantity  int    `json:"quantity"`
}

// CreateRestockOrder is the back-office command for a manual order.
type CreateRestockOrder struct {
	MachineID  string        `json:"machine_id"`
	RequestKey string        `json:"-"`
	Lines      []RestockLine `json:"lines"`
}

func (c CreateRestockOrder) Validate() error {
	if c.MachineID == "" {
		return Invalid("machine_id", "required")
	}
	if c.RequestKey == "" {
		return Invalid("Idempotency-Key", "required")
	}
	if len(c.Lines) == 0 {
		return Invalid("lines", "at least one line")
	}
	seen := make(map[string]bool, len(c.Lines))
	for _, l := range c.Lines {
		if l.Quantity <= 0 {
			return Invalid("lines.quantity", "must be positive")
		}
		if seen[l.ProductID] {
			return Invalid("lines.product_id", "duplicate product "+l.ProductID)
		}
		seen[l.ProductID] = true
	}
	return nil
}

// ReceiveRestock is posted by the driver when the delivery is loaded.
type ReceiveRestock struct {
	OrderID  string        `json:"-"`
	Received []RestockLine `json:"received"`
}
