package app

import (
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
)

// Prefixed, sortable identifiers for objects that are shown to customers and
// support staff.

func newFiatDepositID() string { return "fdep_" + ulid.Make().String() }

func newRefundID() string { return "rf_" + xid.New().String() }
