// Package servers owns provisioned machines, their addresses, snapshots,
// licences and cancellations.
package servers

import (
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Server statuses.
const (
	StatusPending      = "pending"
	StatusProvisioning = "provisioning"
	StatusActive       = "active"
	StatusCancelling   = "cancelling"
	StatusCancelled    = "cancelled"
	StatusFailed       = "failed"
)

// Server is a customer machine.
type Server struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	OrderID     uuid.UUID `gorm:"type:uuid"`
	CustomerID  uuid.UUID `gorm:"type:uuid"`
	PlanID      string
	Region      string
	Hostname    string
	Image       string
	ExternalID  *string
	Status      string
	CreatedAt   time.Time
	ActivatedAt *time.Time
	CancelledAt *time.Time
}

// TableName implements gorm's tabler.
func (Server) TableName() string { return "servers" }

// BeforeCreate assigns the server id.
func (s *Server) BeforeCreate(*gorm.DB) error {
	if s.ID == uuid.Nil {
		s.ID = uuid.New()
	}
	return nil
}

// IP is an address assigned by the datacenter.
type IP struct {
	ServerID  uuid.UUID `gorm:"type:uuid;primaryKey"`
	Address   string    `gorm:"primaryKey;type:inet"`
	Family    int16
	IsPrimary bool
}

// TableName implements gorm's tabler.
func (IP) TableName() string { return "server_ips" }

// Snapshot is a customer-requested disk image.
type Snapshot struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	ServerID   uuid.UUID `gorm:"type:uuid"`
	CustomerID uuid.UUID `gorm:"type:uuid"`
	Label      string
	ExternalID *string
	Status     string
	SizeGB     *int
	CreatedAt  time.Time
}

// TableName implements gorm's tabler.
func (Snapshot) TableName() string { return "snapshots" }

// BeforeCreate assigns the snapshot id.
func (s *Snapshot) BeforeCreate(*gorm.DB) error {
	if s.ID == uuid.Nil {
		s.ID = uuid.New()
	}
	return nil
}

// License is a resold software licence attached to a server.
type License struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	ServerID     uuid.UUID `gorm:"type:uuid"`
	Product      string
	ExternalID   string
	MonthlyCents int64
	CreatedAt    time.Time
}

// TableName implements gorm's tabler.
func (License) TableName() string { return "licenses" }

// Cancellation records a customer's request to cancel a server.
type Cancellation struct {
	ServerID            uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID          uuid.UUID `gorm:"type:uuid"`
	Reason              string
	ProratedCreditCents int64
	WorkflowID          string
	RequestedAt         time.Time
}

// TableName implements gorm's tabler.
func (Cancellation) TableName() string { return "cancellations" }
