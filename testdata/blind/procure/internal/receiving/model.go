// Package receiving records goods receipts at our warehouses and the
// follow-ups: reversals, quality holds and returns to vendor.
package receiving

import (
	"fmt"
	"time"
)

// Receipt sources.
const (
	SourceWMS    = "wms"
	SourceManual = "manual"
)

// Receipt is a goods receipt note (GRN).
type Receipt struct {
	ID           string    `db:"id" json:"id"`
	WarehouseID  string    `db:"warehouse_id" json:"warehouse_id"`
	ReceiptNo    string    `db:"receipt_no" json:"receipt_no"`
	POID         string    `db:"po_id" json:"po_id"`
	DeliveryNote *string   `db:"delivery_note" json:"delivery_note,omitempty"`
	Status       string    `db:"status" json:"status"`
	ReceivedAt   time.Time `db:"received_at" json:"received_at"`
	Source       string    `db:"source" json:"source"`
	CreatedAt    time.Time `db:"created_at" json:"created_at"`

	Lines []ReceiptLine `db:"-" json:"lines,omitempty"`
}

// ReceiptLine is a received quantity against a PO line.
type ReceiptLine struct {
	ReceiptID string  `db:"receipt_id" json:"-"`
	LineNo    int     `db:"line_no" json:"line_no"`
	POLineNo  int     `db:"po_line_no" json:"po_line_no"`
	SKU       string  `db:"sku" json:"sku"`
	Quantity  float64 `db:"quantity" json:"quantity"`
}

// PostInput is a receipt reported by the WMS or keyed in by a clerk.
type PostInput struct {
	WarehouseID  string      `json:"warehouse_id"`
	ReceiptNo    string      `json:"receipt_no"`
	POID         string      `json:"po_id"`
	DeliveryNote string      `json:"delivery_note,omitempty"`
	ReceivedAt   time.Time   `json:"received_at"`
	Lines        []LineInput `json:"lines"`
}

// LineInput is one received line.
type LineInput struct {
	POLineNo int     `json:"po_line_no"`
	SKU      string  `json:"sku"`
	Quantity float64 `json:"quantity"`
}

// Validate checks required fields.
func (in PostInput) Validate() error {
	if in.WarehouseID == "" || in.ReceiptNo == "" || in.POID == "" {
		return fmt.Errorf("warehouse_id, receipt_no and po_id are required")
	}
	if len(in.Lines) == 0 {
		return fmt.Errorf("at least one line is required")
	}
	for _, l := range in.Lines {
		if l.Quantity <= 0 {
			return fmt.Errorf("po line %d: quantity must be positive", l.POLineNo)
		}
	}
	return nil
}

// ReversalInput cancels a posted receipt.
type ReversalInput struct {
	ReversalID  string `json:"reversal_id"`
	WarehouseID string `json:"warehouse_id"`
	ReceiptNo   string `json:"receipt_no"`
	Reason      string `json:"reason"`
	ReversedBy  string `json:"reversed_by"`
}

// HoldInput puts a receipt on quality hold.
type HoldInput struct {
	WarehouseID string `json:"warehouse_id"`
	ReceiptNo   string `json:"receipt_no"`
	ReasonCode  string `json:"reason_code"`
	Inspector   string `json:"inspector"`
	Notes       string `json:"notes"`
}

// ReturnInput sends received goods back to the vendor.
type ReturnInput struct {
	WarehouseID string      `json:"warehouse_id"`
	ReceiptNo   string      `json:"receipt_no"`
	RMANumber   string      `json:"rma_number"`
	Lines       []LineInput `json:"lines"`
}

// DebitMemo charges returned goods back to the supplier.
type DebitMemo struct {
	ID          string  `db:"id"`
	ReceiptID   string  `db:"receipt_id"`
	POID        string  `db:"po_id"`
	SupplierID  string  `db:"supplier_id"`
	RMANumber   *string `db:"rma_number"`
	AmountMinor int64   `db:"amount_minor"`
}
