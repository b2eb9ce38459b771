package domain

import (
	"time"

	"github.com/google/uuid"
)

type POStatus string

const (
	PODraft     POStatus = "draft"
	POSubmitted POStatus = "submitted"
	POConfirmed POStatus = "confirmed"
	POShipped   POStatus = "shipped"
	POCancelled POStatus = "cancelled"
)

type PurchaseOrder struct {
	ID             uuid.UUID  `json:"id"`
	EventID        uuid.UUID  `json:"event_id"`
	SupplierCode   string     `json:"supplier_code"`
	Status         POStatus   `json:"status"`
	PartnerOrderID string     `json:"partner_order_id,omitempty"`
	Headcount      int        `json:"headcount"`
	DeliverOn      time.Time  `json:"deliver_on"`
	TotalCents     int64      `json:"total_cents"`
	Lines          []POLine   `json:"lines"`
	SubmittedAt    *time.Time `json:"submitted_at,omitempty"`
}

type POLine struct {
	SKU           string  `json:"sku"`
	Quantity      float64 `json:"quantity"`
	Unit          string  `json:"unit"`
	PerHead       float64 `json:"per_head"`
	UnitCostCents int64   `json:"unit_cost_cents"`
}

// ScaleTo returns the additional quantities needed to feed newCount guests
// for lines that scale with headcount.
func (po PurchaseOrder) ScaleTo(newCount int) []POLine {
	if newCount <= po.Headcount {
		return nil
	}
	extra := float64(newCount - po.Headcount)
	var out []POLine
	for _, l := range po.Lines {
		if l.PerHead <= 0 {
			continue
		}
		out = append(out, POLine{
			SKU:           l.SKU,
			Quantity:      l.PerHead * extra,
			Unit:          l.Unit,
			PerHead:       l.PerHead,
			UnitCostCents: l.UnitCostCents,
		})
	}
	return out
}

func (po *PurchaseOrder) Recalculate() {
	var total float64
	for _, l := range po.Lines {
		total += l.Quantity * float64(l.UnitCostCents)
	}
	po.TotalCents = int64(total + 0.5)
}

type SupplierConfirmation struct {
	PartnerOrderID string     `json:"partner_order_id"`
	ConfirmedAt    time.Time  `json:"confirmed_at"`
	ETA            *time.Time `json:"eta,omitempty"`
	Payload        []byte     `json:"-"`
}
