// Package xhookmodels declares models whose gorm create hooks another
// package's writes run.
package xhookmodels

import (
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Booking gets its ID from its hook when it has none.
type Booking struct {
	ID   string
	Slot string
}

// BeforeCreate assigns the booking's ID.
func (b *Booking) BeforeCreate(*gorm.DB) error {
	if b.ID == "" {
		b.ID = uuid.NewString()
	}
	return nil
}

// Slot's hook checks it; it makes nothing.
type Slot struct {
	ID   string
	Open bool
}

// BeforeCreate opens the slot.
func (s *Slot) BeforeCreate(*gorm.DB) error {
	s.Open = true
	return nil
}
