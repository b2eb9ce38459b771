package domain

import (
	"time"

	"github.com/google/uuid"
)

// Retirement statuses.
const (
	RetirementPending   = "pending"
	RetirementSubmitted = "submitted"
	RetirementConfirmed = "confirmed"
	RetirementRejected  = "rejected"
)

// Certificate statuses on a retirement.
const (
	CertificatePending = "pending"
	CertificateReady   = "ready"
)

// Retirement permanently removes credits from circulation on behalf of a
// beneficiary.
type Retirement struct {
	ID                   uuid.UUID `gorm:"type:uuid;primaryKey"`
	AccountID            uuid.UUID `gorm:"type:uuid"`
	BatchID              uuid.UUID `gorm:"type:uuid"`
	Quantity             int64
	Beneficiary          string
	Purpose              string
	ReportingYear        int
	Status               string
	RegistrySubmissionID *string
	RegistryRef          *string
	CertificateStatus    string
	RejectionReason      *string
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

// NewRetirement builds a pending retirement with a fresh identifier.
func NewRetirement(account, batch uuid.UUID, qty int64, beneficiary, purpose string, year int) *Retirement {
	now := time.Now().UTC()
	return &Retirement{
		ID:                uuid.New(),
		AccountID:         account,
		BatchID:           batch,
		Quantity:          qty,
		Beneficiary:       beneficiary,
		Purpose:           purpose,
		ReportingYear:     year,
		Status:            RetirementPending,
		CertificateStatus: CertificatePending,
		CreatedAt:         now,
		UpdatedAt:         now,
	}
}

// Certificate is the rendered PDF for a retirement.
type Certificate struct {
	ID           uuid.UUID `gorm:"type:uuid;primaryKey"`
	RetirementID uuid.UUID `gorm:"type:uuid"`
	DocumentID   string
	URL          string
	SHA256       string `gorm:"column:sha256"`
	CreatedAt    time.Time
}

// Transfer statuses.
const (
	TransferPending      = "pending"
	TransferNotified     = "notified"
	TransferAcknowledged = "acknowledged"
)

// Transfer channels.
const (
	ChannelAPI      = "api"
	ChannelInternal = "internal"
)

// Transfer moves credits between two accounts.
type Transfer struct {
	ID          uuid.UUID `gorm:"type:uuid;primaryKey"`
	RequestKey  string
	FromAccount uuid.UUID `gorm:"type:uuid"`
	ToAccount   uuid.UUID `gorm:"type:uuid"`
	BatchID     uuid.UUID `gorm:"type:uuid"`
	Quantity    int64
	Channel     string
	Status      string
	RegistryRef *string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// Export is a transfer of credits to another registry.
type Export struct {
	ID                  uuid.UUID `gorm:"type:uuid;primaryKey"`
	Reference           string
	AccountID           uuid.UUID `gorm:"type:uuid"`
	BatchID             uuid.UUID `gorm:"type:uuid"`
	Quantity            int64
	DestinationRegistry string
	DestinationAccount  string
	PartnerTransferID   string
	CreatedAt           time.Time
}

// WebhookEndpoint is a buyer's URL for event notifications.
type WebhookEndpoint struct {
	ID        uuid.UUID `gorm:"type:uuid;primaryKey"`
	AccountID uuid.UUID `gorm:"type:uuid"`
	URL       string
	Secret    string `json:"-"`
	Active    bool
	CreatedAt time.Time
}
