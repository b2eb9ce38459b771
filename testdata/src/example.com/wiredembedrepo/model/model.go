// Package model holds the rows.
package model

// Hold is a member's hold on an item, under the request that placed it.
type Hold struct {
	ID              string
	ClientRequestID string `gorm:"uniqueIndex"`
	Item            string
}

// Visit is a member's visit, one row per visit.
type Visit struct {
	ID     string
	Member string
}
