// Package store holds the stores, each the generic repository of its row
// type, embedded.
package store

import (
	"gorm.io/gorm"

	"example.com/wiredembedrepo/model"
	"example.com/wiredembedrepo/repo"
)

// Holds stores holds.
type Holds struct {
	*repo.Repository[model.Hold]
}

// NewHolds returns the holds' store.
func NewHolds(db *gorm.DB) *Holds { return &Holds{repo.New[model.Hold](db)} }

// Visits stores visits.
type Visits struct {
	*repo.Repository[model.Visit]
}

// NewVisits returns the visits' store.
func NewVisits(db *gorm.DB) *Visits { return &Visits{repo.New[model.Visit](db)} }
