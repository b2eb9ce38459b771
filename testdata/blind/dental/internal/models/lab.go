package models

import (
	"time"

	"github.com/google/uuid"
)

const (
	LabCaseDraft     = "draft"
	LabCaseOrdered   = "ordered"
	LabCaseShipped   = "shipped"
	LabCaseDelivered = "delivered"

	LabOrderSubmitted    = "submitted"
	LabOrderInProduction = "in_production"
	LabOrderShipped      = "shipped"
	LabOrderDelivered    = "delivered"
)

type LabCase struct {
	ID          uuid.UUID
	PracticeID  uuid.UUID
	PatientID   uuid.UUID
	AssociateID uuid.UUID
	ToothNumber int
	Restoration string
	Shade       string
	ScanURL     string `gorm:"column:scan_url"`
	Status      string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (LabCase) TableName() string { return "lab_cases" }

type LabOrder struct {
	ID             string
	LabCaseID      uuid.UUID
	LabOrderNumber string
	OrderType      string
	Status         string
	DueDate        *time.Time `gorm:"type:date"`
	TrackingNumber *string
	OrderedAt      time.Time
	ShippedAt      *time.Time
	CreatedAt      time.Time
}

func (LabOrder) TableName() string { return "lab_orders" }

type LabCaseEvent struct {
	ID         uuid.UUID
	LabCaseID  uuid.UUID
	LabEventID string
	EventType  string
	Payload    JSON
	ReceivedAt time.Time
}

func (LabCaseEvent) TableName() string { return "lab_case_events" }
