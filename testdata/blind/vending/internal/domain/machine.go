package domain

import (
	"strings"
	"time"
)

type MachineStatus string

const (
	MachineActive   MachineStatus = "active"
	MachineInactive MachineStatus = "inactive"
	MachineRetired  MachineStatus = "retired"
)

// Machine is a vending machine placed at a host's site.
type Machine struct {
	ID                string
	SerialNumber      string
	SiteID            string
	Model             string
	Status            MachineStatus
	CashBaselineCents Cents
	LastSeenAt        *time.Time
	CreatedAt         time.Time
}

// RegisterMachine is the command used when a machine is commissioned.
type RegisterMachine struct {
	SerialNumber string `json:"serial_number"`
	SiteID       string `json:"site_id"`
	Model        string `json:"model"`
}

func (c RegisterMachine) Validate() error {
	if strings.TrimSpace(c.SerialNumber) == "" {
		return Invalid("serial_number", "required")
	}
	if c.SiteID == "" {
		return Invalid("site_id", "required")
	}
	if c.Model == "" {
		return Invalid("model", "required")
	}
	return nil
}

// Slot is the inventory position of one product in one machine.
type Slot struct {
	MachineID string
	ProductID string
	Quantity  int
	ParLevel  int
	Capacity  int
}

// NeedsRestock reports whether the slot has dropped to or under its par level.
func (s Slot) NeedsRestock() bool {
	return s.Quantity <= s.ParLevel
}

// Shortfall is how many units bring the slot back to capacity.
func (s Slot) Shortfall() int {
	if s.Quantity >= s.Capacity {
		return 0
	}
	return s.Capacity - s.Quantity
}

// Host owns one or more sites and earns commission on sales made there.
type Host struct {
	ID             string
	Name           string
	Email          string
	CommissionRate BasisPoints
	PayoutAccount  string
}

type FaultStatus string

const (
	FaultOpen       FaultStatus = "open"
	FaultDispatched FaultStatus = "dispatched"
	FaultResolved   FaultStatus = "resolved"
)

type Severity string

const (
	SeverityInfo     Severity = "info"
	SeverityWarning  Severity = "warning"
	SeverityCritical Severity = "critical"
)

func ParseSeverity(s string) Severity {
	switch Severity(s) {
	case SeverityCritical, SeverityWarning:
		return Severity(s)
	default:
		return SeverityInfo
	}
}

// Fault is a problem reported by a machine that may need a technician.
type Fault struct {
	ID              string
	MachineID       string
	Code            string
	Severity        Severity
	Detail          string
	Status          FaultStatus
	TechnicianPhone string
	ReportedAt      time.Time
	DispatchedAt    *time.Time
	ResolvedAt      *time.Time
}

// DispatchTechnician is an ops console command.
type DispatchTechnician struct {
	FaultID         string `json:"-"`
	TechnicianPhone string `json:"technician_phone"`
	Note            string `json:"note"`
}

func (d DispatchTechnician) Validate() error {
	if len(d.TechnicianPhone) < 8 || d.TechnicianPhone[0] != '+' {
		return Invalid("technician_phone", "must be E.164")
	}
	return nil
}
