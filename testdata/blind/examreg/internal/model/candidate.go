// Package model holds the gorm models that map onto deploy/schema.
package model

import "time"

// Candidate is a person sitting an exam.
type Candidate struct {
	ID          string     `gorm:"type:uuid;primaryKey"`
	Email       string     `gorm:"not null"`
	GivenName   string     `gorm:"not null"`
	FamilyName  string     `gorm:"not null"`
	PhoneE164   *string    `gorm:"column:phone_e164"`
	DateOfBirth *time.Time `gorm:"type:date"`
	PostalLine1 string
	PostalLine2 string
	PostalCity  string
	PostalCode  string
	CountryCode string `gorm:"type:char(2)"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (Candidate) TableName() string { return "candidates" }

// FullName is used on certificates and in mail merge.
func (c Candidate) FullName() string { return c.GivenName + " " + c.FamilyName }

// ExamSession is one sitting of one exam at one centre.
type ExamSession struct {
	ID              string `gorm:"type:uuid;primaryKey"`
	CentreID        string
	ExamCode        string
	StartsAt        time.Time
	Capacity        int
	CapacityVersion int64
	SeatsHeld       int
	SeatsConfirmed  int
	FeeMinor        int64
	Currency        string `gorm:"type:char(3)"`
	Status          string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (ExamSession) TableName() string { return "exam_sessions" }

const (
	SessionOpen      = "open"
	SessionClosed    = "closed"
	SessionCancelled = "cancelled"
)

// SeatAdjustment is one change to a session's effective capacity.
type SeatAdjustment struct {
	ID        string `gorm:"type:uuid;primaryKey"`
	SessionID string
	Delta     int
	Reason    string
	CentreRef *string
	CreatedAt time.Time
}

func (SeatAdjustment) TableName() string { return "seat_adjustments" }
