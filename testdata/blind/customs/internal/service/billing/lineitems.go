package billing

import (
	"time"

	"github.com/harborline/brokerage/internal/domain"
	"github.com/harborline/brokerage/internal/platform/ids"
)

// LineItemOption configures NewLineItem.
type LineItemOption func(*domain.BillingLineItem)

// WithKey gives the line item an identifier derived from the natural key of
// the billable event, so that recording it twice stores it once.
func WithKey(parts ...string) LineItemOption {
	return func(li *domain.BillingLineItem) { li.ID = ids.Derive(ids.LineItem, parts...) }
}

// ForShipment ties the line item to a shipment.
func ForShipment(shipmentID string) LineItemOption {
	return func(li *domain.BillingLineItem) { li.ShipmentID = &shipmentID }
}

// InPeriod bills the line item in the period containing t.
func InPeriod(t time.Time) LineItemOption {
	return func(li *domain.BillingLineItem) { li.Period = domain.Period(t) }
}

// NewLineItem builds a billable line item in EUR for the current period.
func NewLineItem(importerID, kind, description string, amountCents int64, opts ...LineItemOption) *domain.BillingLineItem {
	li := &domain.BillingLineItem{
		ImporterID:  importerID,
		Kind:        kind,
		Description: description,
		AmountCents: amountCents,
		Currency:    "EUR",
		Period:      domain.Period(time.Now()),
	}
	for _, o := range opts {
		o(li)
	}
	if li.ID == "" {
		li.ID = ids.New(ids.LineItem)
	}
	return li
}

// WithMarkup applies the brokerage handling markup to a partner fee.
func WithMarkup(feeCents int64) int64 { return feeCents + feeCents*15/100 }
