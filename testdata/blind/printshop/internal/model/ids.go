package model

import (
	"github.com/google/uuid"
	"github.com/rs/xid"
)

// Prefixed identifiers keep log lines and support tickets readable.
const (
	PrefixOrder     = "ord"
	PrefixItem      = "itm"
	PrefixPrintJob  = "pj"
	PrefixShipment  = "shp"
	PrefixLedger    = "led"
	PrefixTopup     = "top"
	PrefixEndpoint  = "whe"
	PrefixDelivery  = "whd"
	PrefixStatement = "stm"
	PrefixPayable   = "pay"
)

// NewID returns a fresh sortable identifier with the given prefix.
func NewID(prefix string) string {
	return prefix + "_" + xid.New().String()
}

func NewOrderID() string    { return NewID(PrefixOrder) }
func NewPrintJobID() string { return NewID(PrefixPrintJob) }
func NewShipmentID() string { return NewID(PrefixShipment) }
func NewLedgerID() string   { return NewID(PrefixLedger) }

// deliveryNamespace scopes name-based delivery identifiers.
var deliveryNamespace = uuid.MustParse("6f1c7f1e-3b7a-4f5e-9a43-1d2b8c0e5a77")

// DeliveryIDFor derives a stable webhook delivery identifier from the parts
// that make an event unique, so the same logical event always maps to the same
// delivery row.
func DeliveryIDFor(parts ...string) string {
	name := ""
	for i, p := range parts {
		if i > 0 {
			name += "|"
		}
		name += p
	}
	return PrefixDelivery + "_" + uuid.NewSHA1(deliveryNamespace, []byte(name)).String()
}
