// Package models holds the gorm models for the practice database. Column
// names follow gorm's snake_case defaults; each type pins its table name.
package models

import (
	"database/sql/driver"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
)

// JSON is a jsonb column. It is stored as text so pgx does not send it as
// bytea.
type JSON json.RawMessage

// Value implements driver.Valuer.
func (j JSON) Value() (driver.Value, error) {
	if len(j) == 0 {
		return nil, nil
	}
	return string(j), nil
}

// Scan implements sql.Scanner.
func (j *JSON) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*j = nil
	case []byte:
		*j = append((*j)[:0], v...)
	case string:
		*j = JSON(v)
	default:
		return errors.New("models: unsupported jsonb source")
	}
	return nil
}

// MustJSON marshals v for a jsonb column. It is only used with values built
// in code, which always marshal.
func MustJSON(v any) JSON {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return JSON(b)
}

// Decode unmarshals the column into v.
func (j JSON) Decode(v any) error {
	if len(j) == 0 {
		return nil
	}
	return json.Unmarshal(j, v)
}

type Practice struct {
	ID            uuid.UUID
	Name          string
	Timezone      string
	SMSSender     string `gorm:"column:sms_sender"`
	LabAccount    *string
	ReturnAddress JSON
	CreatedAt     time.Time
}

func (Practice) TableName() string { return "practices" }

// Associate is a dentist who works at a practice on a collections split and
// is paid out through a Stripe Connect account.
type Associate struct {
	ID              uuid.UUID
	PracticeID      uuid.UUID
	FullName        string
	NPI             string `gorm:"column:npi"`
	StripeAccountID *string
	CollectionBps   int
	Active          bool
	CreatedAt       time.Time
}

func (Associate) TableName() string { return "associates" }

type Operatory struct {
	ID         uuid.UUID
	PracticeID uuid.UUID
	Label      string
}

func (Operatory) TableName() string { return "operatories" }

type Patient struct {
	ID                     uuid.UUID
	PracticeID             uuid.UUID
	FirstName              string
	LastName               string
	DateOfBirth            time.Time `gorm:"type:date"`
	PhoneE164              string    `gorm:"column:phone_e164"`
	Email                  *string
	MailingAddress         JSON
	SMSOptIn               bool `gorm:"column:sms_opt_in"`
	StripeCustomerID       *string
	DefaultPaymentMethodID *string
	CreatedAt              time.Time
	UpdatedAt              time.Time
}

func (Patient) TableName() string { return "patients" }

type PatientAccount struct {
	PatientID    uuid.UUID `gorm:"primaryKey"`
	BalanceCents int64
	UpdatedAt    time.Time
}

func (PatientAccount) TableName() string { return "patient_accounts" }

const (
	LedgerCharge           = "charge"
	LedgerPayment          = "payment"
	LedgerInsurancePayment = "insurance_payment"
	LedgerAdjustment       = "adjustment"
	LedgerRefund           = "refund"
)

type LedgerEntry struct {
	ID          uuid.UUID
	PatientID   uuid.UUID
	Kind        string
	AmountCents int64
	Reference   string
	Memo        *string
	CreatedAt   time.Time
}

func (LedgerEntry) TableName() string { return "ledger_entries" }

// Address is the postal address shape kept in jsonb columns.
type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postal_code"`
}
