// Package xdispatchtable lists which route runs which handler.
package xdispatchtable

import (
	"freshid/xdispatch"
	"freshid/xdispatchset"
)

// Table builds the dispatcher's table from the handlers.
func Table(s *xdispatchset.Set) xdispatch.Table {
	return xdispatch.Table{
		"receipts": {"gift.made": s.Receipt},
		"thanks":   {"gift.made": s.Thanks},
		"cards":    {"gift.made": s.Card},
	}
}
