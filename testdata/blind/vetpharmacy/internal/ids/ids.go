// Package ids mints the prefixed identifiers used across the schema
// ("ord_9m4e2mr0ui3e8a215n4g").
package ids

import (
	"github.com/rs/xid"
)

func New(prefix string) string {
	return prefix + "_" + xid.New().String()
}

const (
	Order        = "ord"
	OrderLine    = "oln"
	Refill       = "rfl"
	Prescription = "rx"
	Payment      = "pay"
	PayAttempt   = "pat"
	Refund       = "rfd"
	Ledger       = "led"
	PickList     = "pck"
	Shipment     = "shp"
	ShipEvent    = "sev"
	Controlled   = "cdr"
	StockCount   = "scs"
	Notification = "ntf"
	CallLog      = "ccl"
)
