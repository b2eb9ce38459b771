// Package domain declares the terminal's models.
package domain

import (
	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Booking is a truck's place in a gate window; its hook gives it an ID
// when it has none.
type Booking struct {
	ID     string `gorm:"primaryKey"`
	Window string
	Truck  string
}

// BeforeCreate assigns the booking's ID.
func (b *Booking) BeforeCreate(*gorm.DB) error {
	if b.ID == "" {
		b.ID = uuid.NewString()
	}
	return nil
}
