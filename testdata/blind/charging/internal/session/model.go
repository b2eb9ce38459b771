// Package session owns charge sessions: starting and stopping them from
// the app, pre-authorisation holds, metering updates and completion.
package session

import (
	"database/sql"
	"time"
)

// Status values of a charge session.
const (
	StatusPendingAuth = "pending_auth"
	StatusAuthorized  = "authorized"
	StatusActive      = "active"
	StatusStopping    = "stopping"
	StatusCompleted   = "completed"
	StatusCaptured    = "captured"
	StatusCancelled   = "cancelled"
	StatusFailed      = "failed"
)

// Origin values.
const (
	OriginApp     = "app"
	OriginRoaming = "roaming"
)

// Session is one charge session on one of our connectors.
type Session struct {
	ID                     string
	DriverID               sql.NullString
	StationID              string
	ConnectorID            int
	Origin                 string
	PartnerID              sql.NullString
	AuthorizationReference sql.NullString
	PartnerTokenUID        sql.NullString
	Status                 string
	TariffID               string
	Currency               string
	HoldAmountCents        int64
	PaymentIntentID        sql.NullString
	EnergyWh               int64
	CostCents              int64
	CapturedCents          sql.NullInt64
	FleetID                sql.NullString
	StartedAt              sql.NullTime
	StoppedAt              sql.NullTime
	IdleStartedAt          sql.NullTime
	UnpluggedAt            sql.NullTime
	IdleFeeChargedAt       sql.NullTime
	CreatedAt              time.Time
}

// Driver is the subset of the driver profile sessions need.
type Driver struct {
	ID                   string
	Phone                string
	PushToken            sql.NullString
	StripeCustomerID     string
	DefaultPaymentMethod sql.NullString
	FleetID              sql.NullString
}

// Station is a charge point.
type Station struct {
	ID         string
	LocationID string
	EvseUID    string
	TariffID   string
	Status     string
}
