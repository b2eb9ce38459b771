package store

import (
	"time"

	"github.com/google/uuid"
)

type Lift struct {
	ID           uuid.UUID
	BuildingID   uuid.UUID
	Kind         string
	SerialNo     string
	ControllerID *string
}

type Technician struct {
	ID       uuid.UUID
	FullName string
	Phone    string
	Region   string
	OnCall   bool
}

type Contract struct {
	ID              uuid.UUID
	BuildingID      uuid.UUID
	Tier            string
	MonthlyFeeCents int64
	StartsOn        time.Time
	EndsOn          time.Time
	Status          string
}

type BillableContract struct {
	ContractID      uuid.UUID
	BuildingName    string
	OwnerName       string
	OwnerEmail      string
	MonthlyFeeCents int64
	ExtraCents      int64
}

type Callout struct {
	ID           uuid.UUID
	LiftID       uuid.UUID
	Source       string
	FaultID      *uuid.UUID
	Description  string
	Priority     int32
	Status       string
	TechnicianID *uuid.UUID
	ReportedAt   time.Time
	AssignedAt   *time.Time
	CompletedAt  *time.Time
	AnnouncedAt  *time.Time
}

type InspectionVisit struct {
	ID                  uuid.UUID
	LiftID              uuid.UUID
	ContractID          uuid.UUID
	DueOn               time.Time
	Status              string
	Result              *string
	AuthorityBookingRef *string
}

type PartsOrder struct {
	ID              uuid.UUID
	ClientRequestID string
	CalloutID       *uuid.UUID
	SupplierSKU     string
	Quantity        int32
	Status          string
	SupplierRef     *string
	CreatedAt       time.Time
}

type Certificate struct {
	ID            uuid.UUID
	CertificateNo string
	LiftID        uuid.UUID
	InspectionID  *uuid.UUID
	IssuedOn      time.Time
	ExpiresOn     time.Time
	RevokedAt     *time.Time
}

type CertificateAmendment struct {
	ID            uuid.UUID
	CertificateNo string
	Reason        string
	Status        string
	AuthorityRef  *string
}

type Fault struct {
	ID           uuid.UUID
	ControllerID string
	LiftID       uuid.UUID
	Code         string
	Severity     int32
	EventID      string
	RaisedAt     time.Time
	ClearedAt    *time.Time
}
