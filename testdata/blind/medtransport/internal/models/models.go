// Package models holds the bun-mapped rows shared by repositories and
// services.
package models

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

type RideStatus string

const (
	RideRequested    RideStatus = "requested"
	RideAwaitingAuth RideStatus = "awaiting_auth"
	RideApproved     RideStatus = "approved"
	RideDenied       RideStatus = "denied"
	RideCancelled    RideStatus = "cancelled"
)

type TripStatus string

const (
	TripPending   TripStatus = "pending"
	TripAssigned  TripStatus = "assigned"
	TripEnRoute   TripStatus = "en_route"
	TripPickedUp  TripStatus = "picked_up"
	TripCompleted TripStatus = "completed"
	TripNoShow    TripStatus = "no_show"
	TripCancelled TripStatus = "cancelled"
)

type Clinic struct {
	bun.BaseModel `bun:"table:clinics,alias:c"`

	ID               uuid.UUID `bun:"id,pk,type:uuid"`
	Name             string    `bun:"name,notnull"`
	NoticeChannel    string    `bun:"notice_channel,notnull"`
	NoticeAddress    string    `bun:"notice_address,notnull"`
	MonthlyTripQuota int       `bun:"monthly_trip_quota,notnull"`
	TripsUsed        int       `bun:"trips_used,notnull"`
}

type Patient struct {
	bun.BaseModel `bun:"table:patients,alias:p"`

	ID               uuid.UUID `bun:"id,pk,type:uuid"`
	ClinicID         uuid.UUID `bun:"clinic_id,type:uuid,notnull"`
	FullName         string    `bun:"full_name,notnull"`
	InsurerID        string    `bun:"insurer_id"`
	MemberID         string    `bun:"member_id"`
	PrivatePay       bool      `bun:"private_pay,notnull"`
	StripeCustomerID string    `bun:"stripe_customer_id"`
	PaymentMethodID  string    `bun:"payment_method_id"`
}

type Ride struct {
	bun.BaseModel `bun:"table:rides,alias:r"`

	ID             uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	ClinicID       uuid.UUID  `bun:"clinic_id,type:uuid,notnull" json:"clinic_id"`
	PatientID      uuid.UUID  `bun:"patient_id,type:uuid,notnull" json:"patient_id"`
	ClientRef      string     `bun:"client_ref" json:"client_ref,omitempty"`
	PickupAddress  string     `bun:"pickup_address,notnull" json:"pickup_address"`
	DropoffAddress string     `bun:"dropoff_address,notnull" json:"dropoff_address"`
	PickupAt       time.Time  `bun:"pickup_at,notnull" json:"pickup_at"`
	Mobility       string     `bun:"mobility,notnull" json:"mobility"`
	Status         RideStatus `bun:"status,notnull" json:"status"`
	AuthNumber     string     `bun:"auth_number,nullzero" json:"auth_number,omitempty"`
	CancelReason   string     `bun:"cancel_reason,nullzero" json:"cancel_reason,omitempty"`
	CancelledAt    *time.Time `bun:"cancelled_at" json:"cancelled_at,omitempty"`
	CreatedAt      time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp" json:"created_at"`
	UpdatedAt      time.Time  `bun:"updated_at,nullzero,notnull,default:current_timestamp" json:"updated_at"`
}

type Driver struct {
	bun.BaseModel `bun:"table:drivers,alias:d"`

	ID              uuid.UUID `bun:"id,pk,type:uuid"`
	FullName        string    `bun:"full_name,notnull"`
	Phone           string    `bun:"phone,notnull"`
	Kind            string    `bun:"kind,notnull"`
	PayoutAccountID string    `bun:"payout_account_id"`
	Active          bool      `bun:"active,notnull"`
}

const (
	DriverContracted = "contracted"
	DriverVolunteer  = "volunteer"
)

type Shift struct {
	bun.BaseModel `bun:"table:driver_shifts,alias:s"`

	ID            uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	DriverID      uuid.UUID  `bun:"driver_id,type:uuid,notnull" json:"driver_id"`
	ShiftDate     time.Time  `bun:"shift_date,type:date,notnull" json:"shift_date"`
	VehicleID     string     `bun:"vehicle_id,notnull" json:"vehicle_id"`
	OdometerStart int        `bun:"odometer_start,notnull" json:"odometer_start"`
	OdometerEnd   *int       `bun:"odometer_end" json:"odometer_end,omitempty"`
	Status        string     `bun:"status,notnull" json:"status"`
	CheckedInAt   time.Time  `bun:"checked_in_at,notnull" json:"checked_in_at"`
	CheckedOutAt  *time.Time `bun:"checked_out_at" json:"checked_out_at,omitempty"`
}

const (
	ShiftOpen   = "open"
	ShiftClosed = "closed"
)

type Trip struct {
	bun.BaseModel `bun:"table:trips,alias:t"`

	ID                   uuid.UUID  `bun:"id,pk,type:uuid" json:"id"`
	RideID               uuid.UUID  `bun:"ride_id,type:uuid,notnull" json:"ride_id"`
	ClinicID             uuid.UUID  `bun:"clinic_id,type:uuid,notnull" json:"clinic_id"`
	DriverID             *uuid.UUID `bun:"driver_id,type:uuid" json:"driver_id,omitempty"`
	Status               TripStatus `bun:"status,notnull" json:"status"`
	Miles                float64    `bun:"miles,nullzero" json:"miles,omitempty"`
	FareCents            int64      `bun:"fare_cents,notnull" json:"fare_cents"`
	AmountCollectedCents int64      `bun:"amount_collected_cents,notnull" json:"amount_collected_cents"`
	BillingStatus        string     `bun:"billing_status,notnull" json:"billing_status"`
	CreatedAt            time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp" json:"created_at"`
	UpdatedAt            time.Time  `bun:"updated_at,nullzero,notnull,default:current_timestamp" json:"updated_at"`
}

type TripStatusHistory struct {
	bun.BaseModel `bun:"table:trip_status_history"`

	TripID     uuid.UUID  `bun:"trip_id,pk,type:uuid"`
	Status     TripStatus `bun:"status,pk"`
	OccurredAt time.Time  `bun:"occurred_at,notnull"`
}

type MileageLog struct {
	bun.BaseModel `bun:"table:mileage_logs,alias:ml"`

	ID        uuid.UUID  `bun:"id,pk,type:uuid"`
	DriverID  uuid.UUID  `bun:"driver_id,type:uuid,notnull"`
	ShiftID   uuid.UUID  `bun:"shift_id,type:uuid,notnull"`
	Miles     int        `bun:"miles,notnull"`
	RateCents int        `bun:"rate_cents,notnull"`
	PayoutID  *uuid.UUID `bun:"payout_id,type:uuid"`
	CreatedAt time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type OutboxMessage struct {
	bun.BaseModel `bun:"table:outbox,alias:o"`

	ID          uuid.UUID       `bun:"id,pk,type:uuid"`
	Subject     string          `bun:"subject,notnull"`
	Payload     json.RawMessage `bun:"payload,type:jsonb,notnull"`
	CreatedAt   time.Time       `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	PublishedAt *time.Time      `bun:"published_at"`
}

type ClinicNotification struct {
	bun.BaseModel `bun:"table:clinic_notifications"`

	ID                uuid.UUID `bun:"id,pk,type:uuid"`
	ClinicID          uuid.UUID `bun:"clinic_id,type:uuid,notnull"`
	TripID            uuid.UUID `bun:"trip_id,type:uuid,notnull"`
	Kind              string    `bun:"kind,notnull"`
	ProviderMessageID string    `bun:"provider_message_id"`
	SentAt            time.Time `bun:"sent_at,notnull"`
}

type PreAuthRequest struct {
	bun.BaseModel `bun:"table:preauth_requests"`

	ID          uuid.UUID `bun:"id,pk,type:uuid"`
	RideID      uuid.UUID `bun:"ride_id,type:uuid,notnull"`
	InsurerID   string    `bun:"insurer_id,notnull"`
	PartnerRef  string    `bun:"partner_ref"`
	Status      string    `bun:"status,notnull"`
	RequestedAt time.Time `bun:"requested_at,notnull"`
}

type PreAuthDecision struct {
	bun.BaseModel `bun:"table:preauth_decisions"`

	DecisionID string    `bun:"decision_id,pk"`
	RideID     uuid.UUID `bun:"ride_id,type:uuid,notnull"`
	Outcome    string    `bun:"outcome,notnull"`
	AuthNumber string    `bun:"auth_number,nullzero"`
	Reason     string    `bun:"reason,nullzero"`
	ReceivedAt time.Time `bun:"received_at,notnull"`
}

type Copay struct {
	bun.BaseModel `bun:"table:copays,alias:cp"`

	ID                    uuid.UUID `bun:"id,pk,type:uuid" json:"id"`
	TripID                uuid.UUID `bun:"trip_id,type:uuid,notnull" json:"trip_id"`
	AmountCents           int64     `bun:"amount_cents,notnull" json:"amount_cents"`
	Status                string    `bun:"status,notnull" json:"status"`
	StripePaymentIntentID string    `bun:"stripe_payment_intent_id,nullzero" json:"stripe_payment_intent_id,omitempty"`
	RefundStatus          string    `bun:"refund_status,notnull" json:"refund_status"`
	RefundCents           int64     `bun:"refund_cents,notnull" json:"refund_cents"`
	StripeRefundID        string    `bun:"stripe_refund_id,nullzero" json:"stripe_refund_id,omitempty"`
	CreatedAt             time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp" json:"created_at"`
	UpdatedAt             time.Time `bun:"updated_at,nullzero,notnull,default:current_timestamp" json:"updated_at"`
}

const (
	CopayPending   = "pending"
	CopayPaid      = "paid"
	CopayFailed    = "failed"
	RefundNone     = "none"
	RefundPending  = "pending"
	RefundComplete = "refunded"
)

type Claim struct {
	bun.BaseModel `bun:"table:claims,alias:cl"`

	ID               uuid.UUID `bun:"id,pk,type:uuid"`
	TripID           uuid.UUID `bun:"trip_id,type:uuid,notnull"`
	ClaimNumber      string    `bun:"claim_number,notnull"`
	InsurerID        string    `bun:"insurer_id,notnull"`
	BilledCents      int64     `bun:"billed_cents,notnull"`
	AllowedCents     *int64    `bun:"allowed_cents"`
	PatientRespCents *int64    `bun:"patient_resp_cents"`
	PaidCents        int64     `bun:"paid_cents,notnull"`
	PartnerClaimID   string    `bun:"partner_claim_id,nullzero"`
	Status           string    `bun:"status,notnull"`
	CreatedAt        time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type LedgerEntry struct {
	bun.BaseModel `bun:"table:ledger_entries,alias:le"`

	ID          string    `bun:"id,pk"`
	TripID      uuid.UUID `bun:"trip_id,type:uuid,notnull"`
	ClinicID    uuid.UUID `bun:"clinic_id,type:uuid,notnull"`
	Kind        string    `bun:"kind,notnull"`
	AmountCents int64     `bun:"amount_cents,notnull"`
	Memo        string    `bun:"memo"`
	CreatedAt   time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type PayoutBatch struct {
	bun.BaseModel `bun:"table:payout_batches,alias:pb"`

	ID          uuid.UUID `bun:"id,pk,type:uuid"`
	PeriodStart time.Time `bun:"period_start,type:date,notnull"`
	PeriodEnd   time.Time `bun:"period_end,type:date,notnull"`
	RunCount    int       `bun:"run_count,notnull"`
	StartedAt   time.Time `bun:"started_at,nullzero,notnull,default:current_timestamp"`
}

type Payout struct {
	bun.BaseModel `bun:"table:payouts,alias:po"`

	ID                 uuid.UUID `bun:"id,pk,type:uuid"`
	BatchID            uuid.UUID `bun:"batch_id,type:uuid,notnull"`
	DriverID           uuid.UUID `bun:"driver_id,type:uuid,notnull"`
	AmountCents        int64     `bun:"amount_cents,notnull"`
	Miles              int       `bun:"miles,notnull"`
	ProviderTransferID string    `bun:"provider_transfer_id,notnull"`
	CreatedAt          time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}
