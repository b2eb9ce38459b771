package domain

import (
	"database/sql"
	"encoding/json"
	"time"

	"github.com/lib/pq"
)

type LabOrder struct {
	ID            string         `db:"id" json:"id"`
	AppointmentID string         `db:"appointment_id" json:"appointment_id"`
	PetID         string         `db:"pet_id" json:"pet_id"`
	ClinicID      string         `db:"clinic_id" json:"clinic_id"`
	OrderedBy     string         `db:"ordered_by" json:"ordered_by"`
	Tests         pq.StringArray `db:"tests" json:"tests"`
	Priority      string         `db:"priority" json:"priority"`
	Status        string         `db:"status" json:"status"`
	LabStatus     sql.NullString `db:"lab_status" json:"-"`
	RequisitionID sql.NullString `db:"requisition_id" json:"-"`
	SubmittedAt   sql.NullTime   `db:"submitted_at" json:"-"`
	LastPolledAt  sql.NullTime   `db:"last_polled_at" json:"-"`
	CreatedAt     time.Time      `db:"created_at" json:"created_at"`
	UpdatedAt     time.Time      `db:"updated_at" json:"updated_at"`
}

const (
	LabOrderPending   = "pending"
	LabOrderSubmitted = "submitted"
	LabOrderResulted  = "resulted"
	LabOrderRejected  = "rejected"
)

type LabOrderAddon struct {
	ID         string    `db:"id"`
	LabOrderID string    `db:"lab_order_id"`
	TestCode   string    `db:"test_code"`
	AddedBy    string    `db:"added_by"`
	CreatedAt  time.Time `db:"created_at"`
}

type LabResult struct {
	ID          string          `db:"id"`
	LabResultID string          `db:"lab_result_id"`
	LabOrderID  string          `db:"lab_order_id"`
	Status      string          `db:"status"`
	Abnormal    bool            `db:"abnormal"`
	Payload     json.RawMessage `db:"payload"`
	ReceivedAt  time.Time       `db:"received_at"`
}

type Prescription struct {
	ID               string         `db:"id" json:"id"`
	PetID            string         `db:"pet_id" json:"pet_id"`
	OwnerID          string         `db:"owner_id" json:"owner_id"`
	ClinicID         string         `db:"clinic_id" json:"clinic_id"`
	PrescribedBy     string         `db:"prescribed_by" json:"prescribed_by"`
	DrugName         string         `db:"drug_name" json:"drug_name"`
	NDC              string         `db:"ndc" json:"ndc"`
	Sig              string         `db:"sig" json:"sig"`
	Quantity         int            `db:"quantity" json:"quantity"`
	RefillsRemaining int            `db:"refills_remaining" json:"refills_remaining"`
	PreferredPartner string         `db:"preferred_partner" json:"preferred_partner"`
	FallbackPartner  sql.NullString `db:"fallback_partner" json:"-"`
	ExpiresAt        time.Time      `db:"expires_at" json:"expires_at"`
	CreatedAt        time.Time      `db:"created_at" json:"created_at"`
}

const (
	RefillRequested = "requested"
	RefillRouted    = "routed"
	RefillDispensed = "dispensed"
	RefillShipped   = "shipped"
	RefillRejected  = "rejected"
)

type RefillRequest struct {
	ID             string         `db:"id" json:"id"`
	PrescriptionID string         `db:"prescription_id" json:"prescription_id"`
	OwnerID        string         `db:"owner_id" json:"owner_id"`
	Quantity       int            `db:"quantity" json:"quantity"`
	Delivery       string         `db:"delivery" json:"delivery"`
	Notes          string         `db:"notes" json:"notes"`
	Status         string         `db:"status" json:"status"`
	Partner        sql.NullString `db:"partner" json:"-"`
	PartnerOrderID sql.NullString `db:"partner_order_id" json:"-"`
	RoutedAt       sql.NullTime   `db:"routed_at" json:"-"`
	CreatedAt      time.Time      `db:"created_at" json:"created_at"`
	UpdatedAt      time.Time      `db:"updated_at" json:"updated_at"`
}

type RefillFulfillment struct {
	ID              string         `db:"id"`
	RefillRequestID string         `db:"refill_request_id"`
	DispenseID      string         `db:"dispense_id"`
	Partner         string         `db:"partner"`
	Quantity        int            `db:"quantity"`
	DispensedAt     time.Time      `db:"dispensed_at"`
	Carrier         sql.NullString `db:"carrier"`
	TrackingNumber  sql.NullString `db:"tracking_number"`
	CreatedAt       time.Time      `db:"created_at"`
}

type Notification struct {
	ID        string    `db:"id"`
	Kind      string    `db:"kind"`
	RefID     string    `db:"ref_id"`
	Channel   string    `db:"channel"`
	Recipient string    `db:"recipient"`
	SentAt    time.Time `db:"sent_at"`
}
