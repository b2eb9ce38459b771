package events

import (
	"time"

	"github.com/google/uuid"
)

// Inbound subjects published by the registry partner bridge on stream
// REGISTRY.
const (
	StreamRegistry              = "REGISTRY"
	SubjectRetirementConfirmed  = "registry.retirement.confirmed"
	SubjectRetirementRejected   = "registry.retirement.rejected"
	SubjectBatchIssued          = "registry.batch.issued"
	SubjectTransferAcknowledged = "registry.transfer.acknowledged"
	SubjectSerialsCancelled     = "registry.serials.cancelled"
	SubjectProjectStatus        = "registry.project.status"
)

// RetirementConfirmed is published once the partner has recorded a retirement
// in its public register.
type RetirementConfirmed struct {
	RetirementID uuid.UUID `json:"retirement_id"`
	RegistryRef  string    `json:"registry_ref"`
	SerialStart  int64     `json:"serial_start"`
	SerialEnd    int64     `json:"serial_end"`
	ConfirmedAt  time.Time `json:"confirmed_at"`
}

// RetirementRejected is published when the partner refuses a retirement.
type RetirementRejected struct {
	RetirementID uuid.UUID `json:"retirement_id"`
	Reason       string    `json:"reason"`
}

// BatchIssued is published when the partner assigns serials to a batch.
type BatchIssued struct {
	BatchID          uuid.UUID `json:"batch_id"`
	RegistryBatchRef string    `json:"registry_batch_ref"`
	SerialStart      int64     `json:"serial_start"`
	SerialEnd        int64     `json:"serial_end"`
	IssuedAt         time.Time `json:"issued_at"`
}

// TransferAcknowledged is published when the partner has applied a transfer.
type TransferAcknowledged struct {
	TransferID  uuid.UUID `json:"transfer_id"`
	RegistryRef string    `json:"registry_ref"`
}

// SerialsCancelled is published when the partner voids serials of a batch
// (for example after a reversal event at the project).
type SerialsCancelled struct {
	CancellationID string    `json:"cancellation_id"`
	BatchID        uuid.UUID `json:"batch_id"`
	SerialStart    int64     `json:"serial_start"`
	SerialEnd      int64     `json:"serial_end"`
	Reason         string    `json:"reason"`
}

// ProjectStatus is published when a project's registry status changes.
type ProjectStatus struct {
	EventID           string    `json:"event_id"`
	RegistryProjectID string    `json:"registry_project_id"`
	Status            string    `json:"status"`
	EffectiveAt       time.Time `json:"effective_at"`
}
