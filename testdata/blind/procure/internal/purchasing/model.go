// Package purchasing owns purchase orders and their transmission to
// suppliers.
package purchasing

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// PO statuses.
const (
	StatusDraft             = "draft"
	StatusSubmitted         = "submitted"
	StatusSent              = "sent"
	StatusAcknowledged      = "acknowledged"
	StatusPartiallyReceived = "partially_received"
	StatusReceived          = "received"
	StatusClosed            = "closed"
	StatusCancelled         = "cancelled"
	StatusRejected          = "rejected"
)

// ErrInvalidState is returned for operations the PO's status does not allow.
var ErrInvalidState = errors.New("purchase order is not in a state that allows this")

// PurchaseOrder is the header of a PO.
type PurchaseOrder struct {
	ID            string    `db:"id" json:"id"`
	Number        string    `db:"po_number" json:"po_number"`
	SupplierID    string    `db:"supplier_id" json:"supplier_id"`
	CostCentre    string    `db:"cost_centre" json:"cost_centre"`
	Currency      string    `db:"currency" json:"currency"`
	TotalMinor    int64     `db:"total_minor" json:"total_minor"`
	PrepaymentPct float64   `db:"prepayment_pct" json:"prepayment_pct"`
	Status        string    `db:"status" json:"status"`
	RequestedBy   string    `db:"requested_by" json:"requested_by"`
	DeliverySite  string    `db:"delivery_site" json:"delivery_site"`
	ReservationID *string   `db:"reservation_id" json:"reservation_id,omitempty"`
	CancelReason  *string   `db:"cancel_reason" json:"cancel_reason,omitempty"`
	CreatedAt     time.Time `db:"created_at" json:"created_at"`
	UpdatedAt     time.Time `db:"updated_at" json:"updated_at"`

	Lines []Line `db:"-" json:"lines,omitempty"`
}

// SentToSupplier reports whether the supplier has received the order.
func (p PurchaseOrder) SentToSupplier() bool {
	switch p.Status {
	case StatusSent, StatusAcknowledged, StatusPartiallyReceived:
		return true
	}
	return false
}

// Line is a PO line.
type Line struct {
	POID           string  `db:"po_id" json:"-"`
	LineNo         int     `db:"line_no" json:"line_no"`
	SKU            string  `db:"sku" json:"sku"`
	Description    string  `db:"description" json:"description"`
	Quantity       float64 `db:"quantity" json:"quantity"`
	UOM            string  `db:"uom" json:"uom"`
	UnitPriceMinor int64   `db:"unit_price_minor" json:"unit_price_minor"`
	ReceivedQty    float64 `db:"received_qty" json:"received_qty"`
	InvoicedQty    float64 `db:"invoiced_qty" json:"invoiced_qty"`
}

// Amount returns the line value in minor units.
func (l Line) Amount() int64 { return int64(l.Quantity * float64(l.UnitPriceMinor)) }

// Amendment is a change to a PO already sent to the supplier.
type Amendment struct {
	ID          string          `db:"id" json:"id"`
	POID        string          `db:"po_id" json:"po_id"`
	Reason      string          `db:"reason" json:"reason"`
	Changes     json.RawMessage `db:"changes" json:"changes"`
	Status      string          `db:"status" json:"status"`
	RequestedBy string          `db:"requested_by" json:"requested_by"`
	SentAt      *time.Time      `db:"sent_at" json:"sent_at,omitempty"`
	CreatedAt   time.Time       `db:"created_at" json:"created_at"`
}

// LineChange is one entry of Amendment.Changes.
type LineChange struct {
	LineNo       int      `json:"line_no"`
	NewQuantity  *float64 `json:"new_quantity,omitempty"`
	NewDelivery  *string  `json:"new_delivery_date,omitempty"`
	NewUnitPrice *int64   `json:"new_unit_price_minor,omitempty"`
}

// Transmission records a document sent to the EDI partner.
type Transmission struct {
	POID           string `db:"po_id"`
	DocType        string `db:"doc_type"`
	InterchangeRef string `db:"interchange_ref"`
	PartnerDocID   string `db:"partner_doc_id"`
}

// CreateInput is the body of POST /purchase-orders.
type CreateInput struct {
	SupplierID    string      `json:"supplier_id"`
	CostCentre    string      `json:"cost_centre"`
	Currency      string      `json:"currency"`
	RequestedBy   string      `json:"requested_by"`
	DeliverySite  string      `json:"delivery_site"`
	ReservationID string      `json:"reservation_id,omitempty"`
	Lines         []LineInput `json:"lines"`
}

// LineInput is a requested PO line.
type LineInput struct {
	SKU            string  `json:"sku"`
	Description    string  `json:"description"`
	Quantity       float64 `json:"quantity"`
	UOM            string  `json:"uom"`
	UnitPriceMinor int64   `json:"unit_price_minor"`
}

// Validate checks required fields.
func (in CreateInput) Validate() error {
	switch {
	case in.SupplierID == "":
		return fmt.Errorf("supplier_id is required")
	case in.CostCentre == "":
		return fmt.Errorf("cost_centre is required")
	case len(in.Currency) != 3:
		return fmt.Errorf("currency must be an ISO 4217 code")
	case len(in.Lines) == 0:
		return fmt.Errorf("at least one line is required")
	}
	for i, l := range in.Lines {
		if l.SKU == "" || l.Quantity <= 0 || l.UnitPriceMinor < 0 {
			return fmt.Errorf("line %d: sku, positive quantity and price are required", i+1)
		}
	}
	return nil
}

// AmendInput is the body of POST /purchase-orders/{id}/amendments.
type AmendInput struct {
	Reason      string       `json:"reason"`
	RequestedBy string       `json:"requested_by"`
	Changes     []LineChange `json:"changes"`
}
