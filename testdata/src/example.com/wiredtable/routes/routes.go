// Package routes builds the runner's table: it sees neither the loop
// that calls its handlers nor the field that holds them.
package routes

import (
	"example.com/wiredtable/ledger"
	"example.com/wiredtable/loop"
)

// Table routes the adjustment topics to the ledger's adjustments.
func Table(a *ledger.Adjustments) loop.Table {
	return loop.Table{
		"adjustments.made":     loop.JSON(a.Make),
		"adjustments.reversed": loop.JSON(a.Reverse),
	}
}
