package model

import "time"

// ExamResult is the scoring partner's result for one registration.
type ExamResult struct {
	PartnerResultID string `gorm:"primaryKey"`
	RegistrationID  string
	OverallBand     float64
	Listening       *float64
	Reading         *float64
	Writing         *float64
	Speaking        *float64
	CEFRLevel       string `gorm:"column:cefr_level"`
	Revision        int
	ReleasedAt      time.Time
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (ExamResult) TableName() string { return "exam_results" }

// Passed reports whether the result earns a certificate.
func (r ExamResult) Passed() bool { return r.CEFRLevel != "" && r.CEFRLevel != "BELOW_A1" }

// Certificate statuses.
const (
	CertIssued   = "issued"
	CertOrdered  = "ordered"
	CertPrinted  = "printed"
	CertPosted   = "posted"
	CertReturned = "returned"
)

// Certificate is issued for a passing result.
type Certificate struct {
	ID              string `gorm:"type:uuid;primaryKey"`
	Number          string `gorm:"uniqueIndex:certificates_number_uq"`
	PartnerResultID string
	RegistrationID  string
	CandidateID     string
	CEFRLevel       string `gorm:"column:cefr_level"`
	Status          string
	ReprintCount    int
	IssuedAt        time.Time
	UpdatedAt       time.Time
}

func (Certificate) TableName() string { return "certificates" }

// PrintOrder tracks submission of a certificate to the print-and-post partner.
type PrintOrder struct {
	ID            string `gorm:"primaryKey"`
	CertificateID string
	PartnerRef    *string
	Status        string
	Attempts      int
	LastError     *string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (PrintOrder) TableName() string { return "print_orders" }

// CertificateReprint records a reprint requested by support.
type CertificateReprint struct {
	ID            string `gorm:"type:uuid;primaryKey"`
	CertificateID string
	PartnerRef    string
	Reason        string
	RequestedBy   string
	CreatedAt     time.Time
}

func (CertificateReprint) TableName() string { return "certificate_reprints" }

// OutboxEvent is a row relayed to Kafka by the outbox relay.
type OutboxEvent struct {
	ID           string `gorm:"type:uuid;primaryKey"`
	Topic        string
	PartitionKey string
	EventType    string
	Payload      []byte `gorm:"type:jsonb"`
	CreatedAt    time.Time
	SentAt       *time.Time
}

func (OutboxEvent) TableName() string { return "outbox" }
