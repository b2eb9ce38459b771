// Package domain holds the core types of the parking platform.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
)

var (
	ErrNotFound     = errors.New("not found")
	ErrNotActive    = errors.New("session is not active")
	ErrConflict     = errors.New("conflict")
	ErrInvalidState = errors.New("invalid state")
	ErrNoCardOnFile = errors.New("account has no card on file")
)

type Account struct {
	ID                uuid.UUID `db:"id"`
	Email             string    `db:"email"`
	Phone             string    `db:"phone"`
	StripeCustomerID  string    `db:"stripe_customer_id"`
	DefaultPaymentPM  string    `db:"default_payment_method"`
	FleetWebhookURL   *string   `db:"fleet_webhook_url"`
	FleetWebhookToken *string   `db:"fleet_webhook_token"`
	CreatedAt         time.Time `db:"created_at"`
}

func (a Account) HasCard() bool { return a.StripeCustomerID != "" && a.DefaultPaymentPM != "" }

func (a Account) IsFleet() bool { return a.FleetWebhookURL != nil && *a.FleetWebhookURL != "" }

type Vehicle struct {
	ID        uuid.UUID `db:"id"`
	AccountID uuid.UUID `db:"account_id"`
	Plate     string    `db:"plate"`
	Country   string    `db:"country"`
	Nickname  string    `db:"nickname"`
	CreatedAt time.Time `db:"created_at"`
}

type Zone struct {
	ID             string `db:"id"`
	Name           string `db:"name"`
	RateCentsHour  int64  `db:"rate_cents_hour"`
	MaxStayMinutes int    `db:"max_stay_minutes"`
	PermitZone     bool   `db:"permit_zone"`
}

type SessionStatus string

const (
	SessionActive SessionStatus = "active"
	SessionEnded  SessionStatus = "ended"
)

type Session struct {
	ID        uuid.UUID     `db:"id"`
	AccountID uuid.UUID     `db:"account_id"`
	VehicleID uuid.UUID     `db:"vehicle_id"`
	Plate     string        `db:"plate"`
	ZoneID    string        `db:"zone_id"`
	Status    SessionStatus `db:"status"`
	StartedAt time.Time     `db:"started_at"`
	ExpiresAt time.Time     `db:"expires_at"`
	EndedAt   *time.Time    `db:"ended_at"`
	FeeCents  *int64        `db:"fee_cents"`
	Source    string        `db:"source"`
	CreatedAt time.Time     `db:"created_at"`
	UpdatedAt time.Time     `db:"updated_at"`
}

type ChargeStatus string

const (
	ChargePending   ChargeStatus = "pending"
	ChargeSucceeded ChargeStatus = "succeeded"
	ChargeFailed    ChargeStatus = "failed"
)

type Charge struct {
	ID              uuid.UUID    `db:"id"`
	AccountID       uuid.UUID    `db:"account_id"`
	SessionID       *uuid.UUID   `db:"session_id"`
	GarageSessionID *uuid.UUID   `db:"garage_session_id"`
	AmountCents     int64        `db:"amount_cents"`
	Currency        string       `db:"currency"`
	Status          ChargeStatus `db:"status"`
	PaymentIntentID *string      `db:"payment_intent_id"`
	BatchID         *uuid.UUID   `db:"batch_id"`
	FailureReason   *string      `db:"failure_reason"`
	CreatedAt       time.Time    `db:"created_at"`
	UpdatedAt       time.Time    `db:"updated_at"`
}

type ChargeAttempt struct {
	ID        uuid.UUID `db:"id"`
	ChargeID  uuid.UUID `db:"charge_id"`
	Attempt   int       `db:"attempt"`
	Outcome   string    `db:"outcome"`
	Detail    string    `db:"detail"`
	CreatedAt time.Time `db:"created_at"`
}

type FineStatus string

const (
	FineIssued    FineStatus = "issued"
	FineDisputed  FineStatus = "disputed"
	FinePaid      FineStatus = "paid"
	FineVoid      FineStatus = "void"
	FineEscalated FineStatus = "escalated"
)

type Fine struct {
	ID              uuid.UUID  `db:"id"`
	DeviceID        string     `db:"device_id"`
	CitationNumber  string     `db:"citation_number"`
	OfficerID       string     `db:"officer_id"`
	Plate           string     `db:"plate"`
	ZoneID          string     `db:"zone_id"`
	AccountID       *uuid.UUID `db:"account_id"`
	Reason          string     `db:"reason"`
	AmountCents     int64      `db:"amount_cents"`
	Currency        string     `db:"currency"`
	Status          FineStatus `db:"status"`
	EscalationLevel int        `db:"escalation_level"`
	ReminderCount   int        `db:"reminder_count"`
	LastRemindedAt  *time.Time `db:"last_reminded_at"`
	IssuedAt        time.Time  `db:"issued_at"`
	PaidAt          *time.Time `db:"paid_at"`
	CreatedAt       time.Time  `db:"created_at"`
}

type FinePayment struct {
	ID              uuid.UUID  `db:"id"`
	FineID          uuid.UUID  `db:"fine_id"`
	AccountID       uuid.UUID  `db:"account_id"`
	AmountCents     int64      `db:"amount_cents"`
	Status          string     `db:"status"`
	PaymentIntentID *string    `db:"payment_intent_id"`
	CreatedAt       time.Time  `db:"created_at"`
	CompletedAt     *time.Time `db:"completed_at"`
}

type FineDispute struct {
	ID        uuid.UUID `db:"id"`
	FineID    uuid.UUID `db:"fine_id"`
	AccountID uuid.UUID `db:"account_id"`
	Reason    string    `db:"reason"`
	Details   string    `db:"details"`
	Status    string    `db:"status"`
	CreatedAt time.Time `db:"created_at"`
}

type EvidencePhoto struct {
	ID         uuid.UUID `db:"id"`
	FineID     uuid.UUID `db:"fine_id"`
	StorageKey string    `db:"storage_key"`
	TakenAt    time.Time `db:"taken_at"`
	SHA256     string    `db:"sha256"`
	SizeBytes  int64     `db:"size_bytes"`
	CreatedAt  time.Time `db:"created_at"`
}

type FineEvent struct {
	ID        uuid.UUID `db:"id"`
	FineID    uuid.UUID `db:"fine_id"`
	Kind      string    `db:"kind"`
	Detail    string    `db:"detail"`
	CreatedAt time.Time `db:"created_at"`
}

type PermitStatus string

const (
	PermitPendingPayment PermitStatus = "pending_payment"
	PermitActive         PermitStatus = "active"
	PermitExpired        PermitStatus = "expired"
	PermitCancelled      PermitStatus = "cancelled"
)

type Permit struct {
	ID              uuid.UUID    `db:"id"`
	AccountID       uuid.UUID    `db:"account_id"`
	ZoneID          string       `db:"zone_id"`
	Plate           string       `db:"plate"`
	ValidFrom       time.Time    `db:"valid_from"`
	ValidTo         time.Time    `db:"valid_to"`
	PriceCents      int64        `db:"price_cents"`
	Status          PermitStatus `db:"status"`
	AutoRenew       bool         `db:"auto_renew"`
	RenewedFromID   *uuid.UUID   `db:"renewed_from_id"`
	PaymentIntentID *string      `db:"payment_intent_id"`
	CreatedAt       time.Time    `db:"created_at"`
}

type Refund struct {
	ID             uuid.UUID  `db:"id"`
	SessionID      uuid.UUID  `db:"session_id"`
	ChargeID       uuid.UUID  `db:"charge_id"`
	AmountCents    int64      `db:"amount_cents"`
	Reason         string     `db:"reason"`
	RequestedBy    string     `db:"requested_by"`
	Status         string     `db:"status"`
	StripeRefundID *string    `db:"stripe_refund_id"`
	CreatedAt      time.Time  `db:"created_at"`
	CompletedAt    *time.Time `db:"completed_at"`
}

type TowRequest struct {
	ID               uuid.UUID `db:"id"`
	FineID           uuid.UUID `db:"fine_id"`
	OfficerID        string    `db:"officer_id"`
	Plate            string    `db:"plate"`
	Location         string    `db:"location"`
	PartnerBookingID string    `db:"partner_booking_id"`
	ETAMinutes       int       `db:"eta_minutes"`
	CreatedAt        time.Time `db:"created_at"`
}

type GarageSession struct {
	ID           uuid.UUID  `db:"id"`
	GarageID     string     `db:"garage_id"`
	Plate        string     `db:"plate"`
	AccountID    *uuid.UUID `db:"account_id"`
	EntryEventID string     `db:"entry_event_id"`
	ExitEventID  *string    `db:"exit_event_id"`
	EnteredAt    time.Time  `db:"entered_at"`
	ExitedAt     *time.Time `db:"exited_at"`
	FeeCents     *int64     `db:"fee_cents"`
	CreatedAt    time.Time  `db:"created_at"`
}

type SettlementBatch struct {
	ID           uuid.UUID  `db:"id"`
	BusinessDate time.Time  `db:"business_date"`
	Status       string     `db:"status"`
	ChargeCount  int        `db:"charge_count"`
	TotalCents   int64      `db:"total_cents"`
	CreatedAt    time.Time  `db:"created_at"`
	DispatchedAt *time.Time `db:"dispatched_at"`
}

type LedgerEntry struct {
	ID          uuid.UUID `db:"id"`
	AccountID   uuid.UUID `db:"account_id"`
	Kind        string    `db:"kind"`
	AmountCents int64     `db:"amount_cents"`
	Currency    string    `db:"currency"`
	Reference   string    `db:"reference"`
	CreatedAt   time.Time `db:"created_at"`
}

type SMSLog struct {
	ID                uuid.UUID  `db:"id"`
	AccountID         *uuid.UUID `db:"account_id"`
	ToNumber          string     `db:"to_number"`
	Purpose           string     `db:"purpose"`
	ClientReference   *string    `db:"client_reference"`
	ProviderMessageID *string    `db:"provider_message_id"`
	Status            string     `db:"status"`
	CreatedAt         time.Time  `db:"created_at"`
	UpdatedAt         time.Time  `db:"updated_at"`
}

type NotificationPrefs struct {
	AccountID       uuid.UUID `db:"account_id"`
	SMSReminders    bool      `db:"sms_reminders"`
	ReminderMinutes int       `db:"reminder_minutes"`
	FineAlerts      bool      `db:"fine_alerts"`
	UpdatedAt       time.Time `db:"updated_at"`
}
