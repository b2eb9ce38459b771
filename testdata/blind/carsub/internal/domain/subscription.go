// Package domain holds the entities of the subscription service and the
// errors services return to transports.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

var (
	ErrNotFound               = errors.New("not found")
	ErrConflict               = errors.New("conflict")
	ErrInvalidState           = errors.New("invalid state")
	ErrInvalidArgument        = errors.New("invalid argument")
	ErrIdempotencyKeyRequired = errors.New("idempotency key required")
	ErrPaymentDeclined        = errors.New("payment declined")
)

type SubscriptionStatus string

const (
	SubscriptionPending   SubscriptionStatus = "pending"
	SubscriptionActive    SubscriptionStatus = "active"
	SubscriptionPaused    SubscriptionStatus = "paused"
	SubscriptionPastDue   SubscriptionStatus = "past_due"
	SubscriptionCancelled SubscriptionStatus = "cancelled"
)

// LiveStatuses are the statuses in which a subscription still holds a car.
var LiveStatuses = []SubscriptionStatus{SubscriptionPending, SubscriptionActive, SubscriptionPaused, SubscriptionPastDue}

type Customer struct {
	ID                 uuid.UUID `gorm:"type:uuid;primaryKey"`
	Email              string
	Phone              string
	FullName           string
	PaymentCustomerRef *string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

type Plan struct {
	Code              string `gorm:"primaryKey"`
	Name              string
	MonthlyPriceCents int64
	Currency          string
	IncludedKm        int
	OverageCentsPerKm int64
	MinTermMonths     int
	Active            bool
}

type Vehicle struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	VIN        string    `gorm:"column:vin"`
	Make       string
	Model      string
	Status     string
	OdometerKm int
	CreatedAt  time.Time
}

type Subscription struct {
	ID              uuid.UUID          `gorm:"type:uuid;primaryKey" json:"id"`
	CustomerID      uuid.UUID          `gorm:"type:uuid" json:"customer_id"`
	PlanCode        string             `json:"plan_code"`
	VehicleID       *uuid.UUID         `gorm:"type:uuid" json:"vehicle_id,omitempty"`
	Status          SubscriptionStatus `json:"status"`
	DeliveryAddress string             `json:"delivery_address"`
	StartDate       time.Time          `gorm:"type:date" json:"start_date"`
	PaidThrough     *time.Time         `gorm:"type:date" json:"paid_through,omitempty"`
	OdometerKm      int                `json:"odometer_km"`
	CancelledAt     *time.Time         `json:"cancelled_at,omitempty"`
	CancelReason    *string            `json:"cancel_reason,omitempty"`
	CreatedAt       time.Time          `json:"created_at"`
	UpdatedAt       time.Time          `json:"updated_at"`
}

// NextPeriodStart is the first day not yet paid for.
func (s *Subscription) NextPeriodStart() time.Time {
	if s.PaidThrough == nil {
		return truncateDay(s.StartDate)
	}
	return truncateDay(s.PaidThrough.AddDate(0, 0, 1))
}

// MonthsElapsed counts whole months since the start date.
func (s *Subscription) MonthsElapsed(now time.Time) int {
	y1, m1, d1 := s.StartDate.Date()
	y2, m2, d2 := now.Date()
	months := (y2-y1)*12 + int(m2-m1)
	if d2 < d1 {
		months--
	}
	if months < 0 {
		return 0
	}
	return months
}

func truncateDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

type IdempotencyRecord struct {
	Scope     string `gorm:"primaryKey"`
	Key       string `gorm:"primaryKey"`
	Response  []byte `gorm:"type:jsonb"`
	CreatedAt time.Time
}

func (IdempotencyRecord) TableName() string { return "idempotency_keys" }

type AuditEntry struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	Actor     string
	Action    string
	Target    string
	RequestID *string
	Detail    []byte `gorm:"type:jsonb"`
	CreatedAt time.Time
}

func (AuditEntry) TableName() string { return "audit_log" }
