package domain

import (
	"time"

	"github.com/google/uuid"
)

const (
	SourcePortTerminal = "port_terminal"
	SourcePortSystem   = "port_system"
)

type Landing struct {
	ID            uuid.UUID `gorm:"type:uuid;primaryKey"`
	PortCode      string
	DeclarationNo string
	VesselID      uuid.UUID `gorm:"type:uuid"`
	TripID        string
	LandedAt      time.Time
	Source        string
	Lines         []LandingLine `gorm:"foreignKey:LandingID"`
	CreatedAt     time.Time
}

func (l *Landing) Season() int { return l.LandedAt.Year() }

func (l *Landing) TotalKg() int64 {
	var total int64
	for _, ln := range l.Lines {
		total += ln.WeightKg
	}
	return total
}

type LandingLine struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	LandingID    uuid.UUID `gorm:"type:uuid"`
	Species      string
	Area         string
	Presentation string
	WeightKg     int64
}

// CatchLot is the exportable unit created from a landing line. Export
// certificates reserve weight from a lot and customs clearance moves it to
// ExportedKg.
type CatchLot struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	LandingID  uuid.UUID `gorm:"type:uuid"`
	Species    string
	WeightKg   int64
	ReservedKg int64
	ExportedKg int64
	CreatedAt  time.Time
}

func (c CatchLot) AvailableKg() int64 { return c.WeightKg - c.ReservedKg - c.ExportedKg }

const (
	CertificatePending   = "pending_submission"
	CertificateSubmitted = "submitted"
	CertificateCleared   = "cleared"
	CertificateRejected  = "rejected"
)

type ExportCertificate struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	Number         string
	ExporterID     uuid.UUID `gorm:"type:uuid"`
	ClientRef      string
	CatchLotID     uuid.UUID `gorm:"type:uuid"`
	WeightKg       int64
	DestCountry    string
	ConsignmentRef string
	DeclarationRef string
	Status         string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}
