// Package ids generates identifiers for new rows.
package ids

import (
	"github.com/google/uuid"
	"github.com/rs/xid"
)

// Prefixed identifiers keep log lines readable across modules.
func PurchaseOrder() string { return "po_" + xid.New().String() }
func Amendment() string     { return "pam_" + xid.New().String() }
func Receipt() string       { return "grn_" + xid.New().String() }
func DebitMemo() string     { return "dm_" + xid.New().String() }
func CreditNote() string    { return "cn_" + xid.New().String() }
func Charge() string        { return "chg_" + xid.New().String() }
func Delivery() string      { return "asn_" + xid.New().String() }
func Reservation() string   { return "bres_" + xid.New().String() }
func Transfer() string      { return "btr_" + xid.New().String() }

// Invoice and payment identifiers are UUIDs because the bank and the
// accounting export both expect them.
func Invoice() string { return uuid.NewString() }
func Payment() string { return uuid.NewString() }

// Generator returns a new identifier on each call.
type Generator func() string

// XID is the default Generator.
func XID() string { return xid.New().String() }
