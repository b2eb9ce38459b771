// Package domain holds the entities shared by the services and adapters.
package domain

import (
	"database/sql"
	"time"
)

type Clinic struct {
	ID             string    `db:"id"`
	Name           string    `db:"name"`
	Timezone       string    `db:"timezone"`
	BankAccountRef string    `db:"bank_account_ref"`
	DepositCents   int64     `db:"deposit_cents"`
	CreatedAt      time.Time `db:"created_at"`
}

// Location returns the clinic's time zone, falling back to UTC.
func (c Clinic) Location() *time.Location {
	if loc, err := time.LoadLocation(c.Timezone); err == nil {
		return loc
	}
	return time.UTC
}

type Owner struct {
	ID        string    `db:"id" json:"id"`
	Email     string    `db:"email" json:"email"`
	FullName  string    `db:"full_name" json:"full_name"`
	Phone     string    `db:"phone" json:"phone"`
	SMSOptIn  bool      `db:"sms_opt_in" json:"sms_opt_in"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
	UpdatedAt time.Time `db:"updated_at" json:"updated_at"`
}

type Pet struct {
	ID        string          `db:"id" json:"id"`
	OwnerID   string          `db:"owner_id" json:"owner_id"`
	Name      string          `db:"name" json:"name"`
	Species   string          `db:"species" json:"species"`
	Breed     string          `db:"breed" json:"breed"`
	BirthDate sql.NullTime    `db:"birth_date" json:"-"`
	WeightKg  sql.NullFloat64 `db:"weight_kg" json:"-"`
	CreatedAt time.Time       `db:"created_at" json:"created_at"`
	UpdatedAt time.Time       `db:"updated_at" json:"updated_at"`
}

type Vet struct {
	ID       string `db:"id"`
	ClinicID string `db:"clinic_id"`
	FullName string `db:"full_name"`
	Active   bool   `db:"active"`
}
