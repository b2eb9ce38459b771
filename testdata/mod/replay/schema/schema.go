// Package schema holds the service's tables.
package schema

import _ "embed"

// SQL creates the tables.
//
//go:embed init.sql
var SQL string

// Tables are the tables, in the order a test reads them.
var Tables = []string{"orders", "payments", "invoices"}
